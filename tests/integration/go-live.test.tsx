/**
 * The admin dashboard's go-live checklist (app/lib/go-live.ts, docs/decisions/045-security-round-two.md
 * section 14): the seed's placeholders and the missing server settings are listed while they remain,
 * each with where it is fixed, and the list is gone once all are set.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { parseEnv } from '~/lib/env.server';
import { goLiveChecklist, type GoLiveItem } from '~/lib/go-live';
import { getSettings, updateSetting } from '~/models/settings.server';
import * as dashboardRoute from '~/routes/admin/dashboard';
import { GoLiveChecklist } from '~/routes/admin/dashboard/+shared/go-live-checklist';
import { defaultSettings } from '~/schemas/settings';
import { createStaffSession } from '../auth-helpers';
import { routeArgs, settle } from '../route-args';

// The server as a fresh install has it: no SMTP, the default sender, no public address (read by the
// loader's env() on first use, after this line).
delete process.env.SMTP_URL;
delete process.env.MAIL_FROM;
delete process.env.PUBLIC_URL;

const realCompany = {
  ...defaultSettings.company,
  phone: '+919832055555',
  whatsappNumber: '+919832055556',
  email: 'desk@himalayan-tours.in',
  registrationNumber: 'SKM/TD/TA/1234',
};
const liveServerVariables = {
  PUBLIC_URL: 'https://himalayan-tours.in',
  SMTP_URL: 'smtp://mailer:secret@smtp.himalayan-tours.in:587',
  MAIL_FROM: 'Himalayan Tours <bookings@himalayan-tours.in>',
};
const liveServer = parseEnv(liveServerVariables);

/** A way to pay that needs no Razorpay: the office's UPI ID. */
const upiPayments = { ...defaultSettings.payments, upiId: 'himalayantours@sbi' };

afterEach(async () => {
  await updateSetting('company', defaultSettings.company);
  await updateSetting('promo', defaultSettings.promo);
  await updateSetting('payments', defaultSettings.payments);
});

async function dashboardChecklist(): Promise<GoLiveItem[]> {
  const { cookie } = await createStaffSession();
  const result = await settle(() => dashboardRoute.loader(routeArgs('/admin', {}, { headers: { Cookie: cookie } })));
  expect(result.status).toBe(200);
  return (result.body as { goLive: GoLiveItem[] }).goLive;
}

const keys = (items: GoLiveItem[]) => items.map((i) => i.key);

describe('the go-live checklist on the dashboard', () => {
  test('a freshly seeded site lists every placeholder and missing server setting, each saying where it is fixed', async () => {
    const items = await dashboardChecklist();
    expect(keys(items)).toEqual(['phone', 'whatsapp', 'email', 'registration', 'promo', 'payment', 'smtp', 'mailFrom', 'publicUrl']);
    const byKey = Object.fromEntries(items.map((i) => [i.key, i]));
    expect(byKey.phone).toMatchObject({ href: '/admin/settings#section-company' });
    expect(byKey.phone!.missing).toContain('+91 00000 00000');
    expect(byKey.email!.missing).toContain('hello@example.com');
    expect(byKey.registration!.missing).toContain('SKM/TD/TA/0000 (placeholder)');
    expect(byKey.promo).toMatchObject({ href: '/admin/settings#section-promo' });
    expect(byKey.promo!.missing).toContain('Summer 2025');
    expect(byKey.payment).toMatchObject({ href: '/admin/settings#section-payments' });
    expect(byKey.payment!.missing).toContain('no way to pay');
    expect(byKey.smtp).toMatchObject({ href: '/admin/outbox' });
    expect(byKey.smtp!.fix).toContain('SMTP_URL');
    expect(byKey.publicUrl!.fix).toContain('PUBLIC_URL');
  });

  test('lists exactly what remains as staff replace the placeholders', async () => {
    await updateSetting('company', { ...defaultSettings.company, phone: realCompany.phone, email: realCompany.email });
    expect(keys(await dashboardChecklist())).toEqual(['whatsapp', 'registration', 'promo', 'payment', 'smtp', 'mailFrom', 'publicUrl']);

    // Bank details alone are a way to pay.
    await updateSetting('payments', { ...defaultSettings.payments, bankDetails: ['Himalayan Tours', 'A/c 1234567890', 'IFSC SBIN0001234'] });
    await updateSetting('company', realCompany);
    await updateSetting('promo', { ...defaultSettings.promo, text: 'Monsoon offer: 10% off Pelling stays' });
    expect(keys(await dashboardChecklist())).toEqual(['smtp', 'mailFrom', 'publicUrl']);

    // The sample offer switched off no longer reaches anyone either.
    await updateSetting('promo', { ...defaultSettings.promo, enabled: false });
    expect(keys(await dashboardChecklist())).toEqual(['smtp', 'mailFrom', 'publicUrl']);
  });

  test('the server items go once SMTP_URL, MAIL_FROM and PUBLIC_URL are set; nothing remains when all are', async () => {
    await updateSetting('company', realCompany);
    await updateSetting('promo', { ...defaultSettings.promo, enabled: false });
    await updateSetting('payments', upiPayments);
    const settings = await getSettings(['company', 'promo', 'payments']);
    expect(goLiveChecklist(settings, liveServer)).toEqual([]);
    // A localhost address or the example sender of deploy/env.example still counts as missing.
    const half = parseEnv({
      PUBLIC_URL: 'http://localhost:3000',
      SMTP_URL: 'smtp://smtp.himalayan-tours.in',
      MAIL_FROM: 'Himalayan Tours <no-reply@tours.example.com>',
    });
    expect(keys(goLiveChecklist(settings, half))).toEqual(['mailFrom', 'publicUrl']);
  });

  test('online payment: Razorpay keys count as a way to pay, and without the webhook secret the checklist says payments are not reported', async () => {
    await updateSetting('company', realCompany);
    await updateSetting('promo', { ...defaultSettings.promo, enabled: false });
    const settings = await getSettings(['company', 'promo', 'payments']);
    const razorpayKeys = { RAZORPAY_KEY_ID: 'rzp_live_AbCdEf123456', RAZORPAY_KEY_SECRET: 'secret-of-the-key' };
    const items = goLiveChecklist(settings, parseEnv({ ...liveServerVariables, ...razorpayKeys }));
    expect(keys(items)).toEqual(['razorpayWebhook']);
    expect(items[0]!.missing).toContain('RAZORPAY_WEBHOOK_SECRET');
    expect(items[0]!.href).toBe('/admin/payments/events');
    expect(goLiveChecklist(settings, parseEnv({ ...liveServerVariables, ...razorpayKeys, RAZORPAY_WEBHOOK_SECRET: 'whsec-of-the-site' }))).toEqual([]);
    // No keys and no UPI ID or bank details: the traveller could not pay at all.
    expect(keys(goLiveChecklist(settings, liveServer))).toEqual(['payment']);
  });
});

describe('GoLiveChecklist', () => {
  test('shows each item with its link, and renders nothing once the list is empty', () => {
    const items = goLiveChecklist(defaultSettings, parseEnv({}));
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <GoLiveChecklist items={items} />
      </MemoryRouter>,
    );
    expect(html).toContain('Before going live');
    expect(html).toContain('href="/admin/settings#section-company"');
    expect(html).toContain('href="/admin/outbox"');
    expect(html).toContain('+91 00000 00000');
    expect(
      renderToStaticMarkup(
        <MemoryRouter>
          <GoLiveChecklist items={[]} />
        </MemoryRouter>,
      ),
    ).toBe('');
  });
});
