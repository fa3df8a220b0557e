/**
 * The sending loop of the notification outbox (docs/decisions/011-notifications-outbox.md). After a
 * booking or inquiry is committed, its two mails (to the operator, and an acknowledgement to the
 * traveller) sit in the outbox table; this small background loop sends them with nodemailer when
 * SMTP_URL is set, retrying with back-off. Every instance of the site runs the loop; each mail is
 * claimed before it is sent (`claimEmails` in app/models/outbox.server.ts), so no two send the same
 * one. Without SMTP_URL each mail is logged and kept in the outbox for the admin. A failed send
 * never fails or loses a submission. The mails' texts are app/lib/mail-texts.server.ts.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '~/lib/env.server';
import { INSTANCE_ID } from '~/lib/instance-messages.server';
import { logger } from '~/lib/logger.server';
import { onNewMail } from '~/lib/mail-signal.server';
import type { OutgoingEmail } from '~/lib/mail-texts.server';
import { claimEmails, markEmailAttemptFailed, markEmailSent } from '~/models/outbox.server';

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
        logger.error({ err: e }, 'cannot record the failed send'),
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
    .catch((error: unknown) => logger.error({ err: error }, 'the notification loop failed; will try again'))
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

/** After a submission commits (`notifyNewMail` in app/lib/mail-signal.server.ts): send its mails now instead of at the next tick. */
onNewMail((mails: OutgoingEmail[]) => {
  if (!state.transport) {
    for (const mail of mails) logger.info({ to: mail.to, subject: mail.subject }, 'notification kept in the outbox (SMTP_URL not set)');
    return;
  }
  // Let the response go out first.
  setImmediate(runOnce);
});
