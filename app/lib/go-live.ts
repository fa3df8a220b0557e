/**
 * The go-live checklist (docs/decisions/045-security-round-two.md, section 14; docs/deploy.md,
 * "Going live: no placeholders left"): which of the seed's placeholder values and which missing
 * server settings would still reach travellers. The admin dashboard lists each item while it
 * remains and hides the list once none does. Pure: the caller passes the settings and the parsed
 * environment (app/lib/env.server.ts), so tests can vary both.
 */
import { defaultSettings, type Settings } from '~/schemas/settings';

/** One thing still missing: what it is, what to do, and the admin page that fixes it (null: the server's env file). */
export type GoLiveItem = {
  /** Stable id, for tests and React keys. */
  key: 'phone' | 'whatsapp' | 'email' | 'registration' | 'promo' | 'payment' | 'razorpayWebhook' | 'smtp' | 'mailFrom' | 'publicUrl';
  missing: string;
  fix: string;
  href: string | null;
};

/** What the checklist reads of the environment (the parsed values, PUBLIC_URL after its default). */
export type GoLiveEnv = {
  PUBLIC_URL: string;
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
  RAZORPAY_KEY_ID?: string | undefined;
  RAZORPAY_WEBHOOK_SECRET?: string | undefined;
};

const COMPANY_SETTINGS = '/admin/settings#section-company';
const PROMO_SETTINGS = '/admin/settings#section-promo';
const PAYMENT_SETTINGS = '/admin/settings#section-payments';
const ENV_FILE = "the server's env file (/etc/himalayan-tours/env in docs/deploy.md), then restart the service";

/** An address on a domain reserved for examples (RFC 2606: example.com/.org/.net, .example, .test, .invalid). */
function isExampleAddress(address: string): boolean {
  const domain = address.trim().replace(/>$/, '').split('@').pop()?.toLowerCase() ?? '';
  return /(^|\.)example\.(com|org|net)$/.test(domain) || /\.(example|test|invalid|localhost)$/.test(domain);
}

/** A site address that no traveller can reach: localhost, 127.x, [::1], or the default `http://localhost:<PORT>`. */
function isLocalUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return true;
  }
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '[::1]' || host === '0.0.0.0';
}

/**
 * The placeholders and missing settings that remain, in the order staff should fix them; [] when
 * the site is ready. Company details count while they equal the seed's placeholders (phone and
 * WhatsApp '+91 00000 00000', an e-mail on example.com, a registration number still marked
 * 'placeholder'); the promo while the seed's 'Summer 2025' banner is switched on with its sample
 * text; how travellers pay while online payment is off and the payment settings have neither a UPI
 * ID nor bank details (their booking page then offers no way to pay), or while Razorpay's keys are
 * set without RAZORPAY_WEBHOOK_SECRET (docs/decisions/046-payments.md#webhooks); the server while
 * SMTP_URL is unset, MAIL_FROM is on example.com or PUBLIC_URL is unset or local.
 */
export function goLiveChecklist(settings: Pick<Settings, 'company' | 'promo' | 'payments'>, env: GoLiveEnv): GoLiveItem[] {
  const { company, promo, payments } = settings;
  const items: GoLiveItem[] = [];
  const placeholderPhone = defaultSettings.company.phone;
  if (company.phone === placeholderPhone) {
    items.push({
      key: 'phone',
      missing: 'The phone number is still the placeholder +91 00000 00000 (header, footer, contact page, e-mails).',
      fix: 'Enter the office phone in Company details.',
      href: COMPANY_SETTINGS,
    });
  }
  if (company.whatsappNumber === placeholderPhone) {
    items.push({
      key: 'whatsapp',
      missing: 'The WhatsApp number is still the placeholder +91 00000 00000 (chat button, WhatsApp links).',
      fix: 'Enter the WhatsApp number in Company details.',
      href: COMPANY_SETTINGS,
    });
  }
  if (isExampleAddress(company.email)) {
    items.push({
      key: 'email',
      missing: `The company e-mail is still a placeholder (${company.email}).`,
      fix: 'Enter the office e-mail in Company details.',
      href: COMPANY_SETTINGS,
    });
  }
  if (/placeholder/i.test(company.registrationNumber) || company.registrationNumber === defaultSettings.company.registrationNumber) {
    items.push({
      key: 'registration',
      missing: `The registration number is still a placeholder (${company.registrationNumber}).`,
      fix: 'Enter the Sikkim tourism registration number in Company details.',
      href: COMPANY_SETTINGS,
    });
  }
  if (promo.enabled && promo.text === defaultSettings.promo.text) {
    items.push({
      key: 'promo',
      missing: `The promo banner still shows the sample offer ("${promo.text}").`,
      fix: 'Write your own offer or switch the banner off in Promo banner.',
      href: PROMO_SETTINGS,
    });
  }
  if (!env.RAZORPAY_KEY_ID && !payments.upiId && payments.bankDetails.length === 0) {
    items.push({
      key: 'payment',
      missing:
        "Travellers have no way to pay: online payment is off (no Razorpay keys) and the payment settings have no UPI ID and no bank details, so a traveller's booking page shows nothing to pay with.",
      fix: `Enter the office's UPI ID or bank details in Payments, or set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET in ${ENV_FILE}.`,
      href: PAYMENT_SETTINGS,
    });
  }
  if (env.RAZORPAY_KEY_ID && !env.RAZORPAY_WEBHOOK_SECRET) {
    items.push({
      key: 'razorpayWebhook',
      missing:
        "Razorpay's webhook is not set up: RAZORPAY_WEBHOOK_SECRET is not set, so Razorpay's reports are refused (503) and a payment is recorded only when the traveller comes back from Razorpay's page or at the next reconciliation.",
      fix: `Add the webhook in Razorpay's dashboard (README, "Taking payments online") and set RAZORPAY_WEBHOOK_SECRET in ${ENV_FILE}.`,
      href: '/admin/payments/events',
    });
  }
  if (!env.SMTP_URL) {
    items.push({
      key: 'smtp',
      missing: 'No e-mail is sent: SMTP_URL is not set, so notifications wait in the outbox (and carry the details above as they are now).',
      fix: `Set SMTP_URL in ${ENV_FILE}; the outbox then sends what waits.`,
      href: '/admin/outbox',
    });
  }
  if (isExampleAddress(env.MAIL_FROM)) {
    items.push({
      key: 'mailFrom',
      missing: `E-mails would be sent from a placeholder address (${env.MAIL_FROM}).`,
      fix: `Set MAIL_FROM in ${ENV_FILE}.`,
      href: null,
    });
  }
  if (isLocalUrl(env.PUBLIC_URL)) {
    items.push({
      key: 'publicUrl',
      missing: `PUBLIC_URL is not set to the site's public address: links in e-mails, canonical links and the sitemap point at ${env.PUBLIC_URL}.`,
      fix: `Set PUBLIC_URL to https:// and your domain in ${ENV_FILE}.`,
      href: null,
    });
  }
  return items;
}
