/**
 * Notifications (docs/decisions/011-notifications-outbox.md). After a booking or inquiry is
 * committed, its two mails (to the operator, and an acknowledgement to the traveller) sit in the
 * outbox table; a small background loop sends them with nodemailer when SMTP_URL is set, retrying
 * with back-off. Every instance of the site runs the loop; each mail is claimed before it is sent,
 * so no two send the same one. Without SMTP_URL each mail is logged and kept in the outbox for the admin. A
 * failed send never fails or loses a submission.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Booking, Inquiry } from '~/db/schema';
import type { BookingStatus } from './constants';
import { claimEmails, markEmailAttemptFailed, markEmailSent, type OutgoingEmail } from '~/models/outbox.server';
import type { Settings } from '~/schemas/settings';
import { env } from './env.server';
import { formatDate, formatDateRange } from './format';
import { formatPhone } from './whatsapp';
import { INSTANCE_ID } from './instance-bus.server';
import { shortReference } from './ids';
import { logger } from './logger.server';

type Company = Pick<Settings['company'], 'name' | 'email' | 'phone' | 'whatsappNumber'>;

/** The operator's address for notifications: the notification setting, else the company e-mail. */
export function operatorEmail(settings: Pick<Settings, 'company' | 'notifications'>): string {
  return settings.notifications.email || settings.company.email;
}

const TYPE_LABEL: Record<string, string> = {
  packages: 'tour package inquiry',
  cabs: 'cab inquiry',
  rentals: 'bike rental inquiry',
  contact: 'contact message',
  package: 'tour booking',
  bike: 'bike booking',
  car: 'car booking',
};

function lines(pairs: [string, string | number | boolean | null | undefined][]): string {
  return pairs
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v)}`)
    .join('\n');
}

/** Strip line breaks from text that goes into a header (subject). */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').slice(0, 150);

/** Operator notification and traveller acknowledgement of a new booking. */
export function bookingMails(booking: Booking, company: Company, operator: string = company.email): OutgoingEmail[] {
  const ref = shortReference(booking.id);
  const kind = TYPE_LABEL[booking.type] ?? 'booking';
  const details = lines([
    ['Reference', ref],
    ['Item', booking.itemName],
    ['Name', booking.name],
    ['Email', booking.email],
    ['Phone', booking.phone],
    [booking.type === 'package' ? 'Travel date' : 'Start date', formatDate(booking.startDate)],
    ['End date', booking.endDate ? formatDate(booking.endDate) : null],
    ['Adults', booking.adults],
    ['Children', booking.children],
    ['Helmet', booking.needHelmet],
    ['Driver', booking.needDriver],
    ['Message', booking.message],
  ]);
  return [
    {
      to: operator,
      subject: oneLine(`New ${kind} #${ref}: ${booking.itemName} from ${booking.name}`),
      text: `A new ${kind} arrived and is waiting for you (status: pending).\n\n${details}\n\nOpen it: ${env().PUBLIC_URL}/admin/bookings/${booking.id}\n`,
    },
    {
      to: booking.email,
      subject: oneLine(`We received your request #${ref} - ${company.name}`),
      text: `Hello ${booking.name},\n\nThank you for your ${kind} with ${company.name}. We've received your request and will contact you within 24 hours.\n\n${details}\n\nQuestions? Call ${formatPhone(company.phone)} or reply to this e-mail.\n\n${company.name}\n`,
    },
  ];
}

/**
 * The traveller's mail when staff change a booking's status (docs/product.md#booking-status,
 * docs/decisions/011-notifications-outbox.md): confirmed, could not be confirmed (a pending one
 * rejected) or cancelled (a confirmed one rejected). Names the item, dates and reference and the
 * office's phone and WhatsApp; of what the traveller typed, only their name. Null for a move that
 * is no change or that the state machine never makes (back to pending).
 */
export function bookingStatusMail(
  booking: Pick<Booking, 'id' | 'type' | 'itemName' | 'name' | 'email' | 'startDate' | 'endDate'>,
  change: { from: BookingStatus; to: BookingStatus },
  company: Company,
): OutgoingEmail | null {
  if (change.from === change.to || change.to === 'pending') return null;
  const ref = shortReference(booking.id);
  const kind = TYPE_LABEL[booking.type] ?? 'booking';
  const details = lines([
    ['Reference', `#${ref}`],
    ['Item', booking.itemName],
    [booking.type === 'package' ? 'Travel dates' : 'Dates', formatDateRange(booking.startDate, booking.endDate)],
  ]);
  const contact = lines([
    ['Phone', company.phone ? formatPhone(company.phone) : null],
    ['WhatsApp', company.whatsappNumber ? formatPhone(company.whatsappNumber) : null],
  ]);
  const cancelled = change.to === 'rejected' && change.from === 'confirmed';
  const [subject, message] =
    change.to === 'confirmed'
      ? [`Your booking #${ref} is confirmed`, `Good news: your ${kind} with ${company.name} is confirmed. You can count on it.`]
      : cancelled
        ? [
            `Your confirmed booking #${ref} is cancelled`,
            `We are sorry: your confirmed ${kind} with ${company.name} has been cancelled and no longer holds.`,
          ]
        : [
            `Your booking #${ref} could not be confirmed`,
            `We are sorry: we could not confirm your ${kind} with ${company.name}. Call or message us and we will gladly look for other dates or options.`,
          ];
  return {
    to: booking.email,
    subject: oneLine(`${subject} - ${company.name}`),
    text: `Hello ${booking.name},\n\n${message}\n\n${details}\n\nQuestions? Reply to this e-mail or contact our office:\n${contact}\n\n${company.name}\n`,
  };
}

/** Operator notification and traveller acknowledgement of a new inquiry or contact message. */
export function inquiryMails(inquiry: Inquiry, company: Company, operator: string = company.email): OutgoingEmail[] {
  const ref = shortReference(inquiry.id);
  const kind = TYPE_LABEL[inquiry.type] ?? 'inquiry';
  const details = lines([
    ['Reference', ref],
    ['Name', inquiry.name],
    ['Email', inquiry.email],
    ['Phone', inquiry.phone],
    ['Subject', inquiry.subject],
    ['Package', inquiry.packageTitle],
    ['Cab', inquiry.carModel],
    ['Bike', inquiry.bikeModel],
    ['Date', inquiry.travelDate ? formatDate(inquiry.travelDate) : null],
    ['Guests', inquiry.guests],
    ['Pickup', inquiry.pickupLocation],
    ['Drop-off', inquiry.dropoffLocation],
    ['Rental duration', inquiry.rentalDuration === 'custom' ? 'Custom Duration' : inquiry.rentalDuration ? `${inquiry.rentalDuration} day(s)` : null],
    ['Bikes', inquiry.type === 'rentals' ? inquiry.bikeCount : null],
    ['Message', inquiry.message],
  ]);
  return [
    {
      to: operator,
      subject: oneLine(`New ${kind} #${ref} from ${inquiry.name}${inquiry.subject ? `: ${inquiry.subject}` : ''}`),
      text: `A new ${kind} arrived (status: pending).\n\n${details}\n\nOpen the inquiries: ${env().PUBLIC_URL}/admin/inquiries\n`,
    },
    {
      to: inquiry.email,
      subject: oneLine(`Thank you for contacting ${company.name} (#${ref})`),
      text: `Hello ${inquiry.name},\n\nThank you for your ${kind}. We'll review your message and respond within 24 hours.\n\n${details}\n\nIn a hurry? Call ${formatPhone(company.phone)}.\n\n${company.name}\n`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// The sending loop

type MailerState = {
  transport?: Transporter;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  stopped: boolean;
  /** A submission arrived while a run was in progress: run again right after it. */
  again?: boolean;
};

const state: MailerState = { stopped: true };

/** Milliseconds to wait before retry number `attempt` (1, 2, ...): 15 s doubling up to 30 min. */
export function backoffMs(attempt: number): number {
  return Math.min(30 * 60_000, 15_000 * 2 ** Math.max(0, attempt - 1));
}

/**
 * Limits on one SMTP conversation (ms), so a hung server cannot hold a mail past its claim
 * (MAIL_CLAIM_TIMEOUT_SECONDS, 300 s by default): at most 30 + 30 + 60 s.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** Most mails one run sends before it lets the next tick continue. */
const MAILS_PER_RUN = 50;

/** The Message-ID of an outbox row: the same on every attempt, so a resent copy is recognisable. */
export function messageIdOf(mailId: string): string {
  return `<${mailId}@${new URL(env().PUBLIC_URL).hostname}>`;
}

/**
 * Send pending mails through `transport` (those past their back-off), claiming each one first so
 * that the senders of other instances never take it too (`claimEmails`,
 * docs/decisions/022-several-instances.md#one-sender-per-mail). Returns how many were sent and how
 * many failed. Exported for tests.
 */
export async function deliverPending(transport: Transporter, from = env().MAIL_FROM): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  const leaseMs = env().MAIL_CLAIM_TIMEOUT_SECONDS * 1000;
  // Stops early when the started loop is being stopped (tests call this without starting it).
  while (sent + failed < MAILS_PER_RUN && !(state.stopped && state.transport)) {
    // One at a time: a claim is never held while other mails are being sent.
    const [mail] = await claimEmails({ limit: 1, claimant: INSTANCE_ID, leaseMs });
    if (!mail) break;
    try {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined, messageId: messageIdOf(mail.id) });
      await markEmailSent(mail.id);
      sent++;
    } catch (error) {
      failed++;
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ mailId: mail.id, attempt: mail.attempts + 1, error: message }, 'sending a notification failed; will retry');
      await markEmailAttemptFailed(mail.id, message, backoffMs(mail.attempts + 1)).catch((e: unknown) =>
        logger.error({ error: String(e) }, 'cannot record the failed send'),
      );
    }
  }
  return { sent, failed };
}

function runOnce() {
  if (state.stopped || !state.transport) return;
  if (state.running) {
    state.again = true;
    return;
  }
  state.again = false;
  const transport = state.transport;
  state.running = deliverPending(transport)
    .then(({ sent, failed }) => {
      // A full run may have left more behind (a backlog): go on at once, not at the next tick.
      if (sent + failed >= MAILS_PER_RUN) state.again = true;
    })
    .catch((error: unknown) => logger.error({ error: String(error) }, 'the notification loop failed; will try again'))
    .finally(() => {
      state.running = undefined;
      if (state.again) setImmediate(runOnce);
    });
}

/**
 * Start the background loop (server start-up). Without SMTP_URL it only logs that mails stay in
 * the outbox. `intervalMs` is how often pending mails are looked at.
 */
export function startMailer({ intervalMs = 10_000, transport }: { intervalMs?: number; transport?: Transporter } = {}) {
  const url = env().SMTP_URL;
  state.stopped = false;
  if (!url && !transport) {
    logger.info('SMTP_URL not set: notifications are logged and kept in the email outbox');
    return;
  }
  state.transport = transport ?? nodemailer.createTransport({ url: url!, ...SMTP_TIMEOUTS });
  state.timer = setInterval(runOnce, intervalMs);
  state.timer.unref();
  runOnce();
}

/** Stop the loop and wait for a send in progress (graceful shutdown). */
export async function stopMailer(): Promise<void> {
  state.stopped = true;
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
  await state.running;
  state.transport?.close();
  state.transport = undefined;
}

/**
 * Called after staff put failed mails back in the queue (/admin/outbox 'Resend'): they are due at
 * once, so wake the loop. Without a transport (no SMTP_URL) they simply stay pending.
 */
export function retryEmailsNow(ids: readonly string[]) {
  if (!state.transport) {
    logger.info({ count: ids.length }, 'e-mails queued again; kept in the outbox (SMTP_URL not set)');
    return;
  }
  setImmediate(runOnce);
}

/** Whether the loop sends mail (SMTP_URL set, or a transport given); otherwise mails stay in the outbox. */
export function mailerSends(): boolean {
  return Boolean(state.transport) || Boolean(env().SMTP_URL);
}

/** Called after a submission commits: send its mails now instead of at the next tick. */
export function notifyNewMail(mails: OutgoingEmail[]) {
  if (!state.transport) {
    for (const mail of mails) logger.info({ to: mail.to, subject: mail.subject }, 'notification kept in the outbox (SMTP_URL not set)');
    return;
  }
  // Let the response go out first.
  setImmediate(runOnce);
}
