/**
 * The permit document reminders' timer (docs/decisions/050-permits-and-manifests.md#reminders-and-the-dashboard):
 * once at start-up and then every hour, `queuePermitReminders` (app/models/permit-reminders.server.ts)
 * queues the reminders due today in India. Started and stopped by server/app.ts.
 *
 * Every instance runs it (docs/decisions/022-several-instances.md): each reminder locks its booking
 * and sets its stamp in the mail's transaction, so only one instance queues it. Hourly, so a restart
 * on the day still sends the day's reminders, and a missed day is caught up the next run (the
 * conditions are "on or after" the day).
 */
import { logger } from '~/lib/logger.server';
import { queuePermitReminders } from '~/models/permit-reminders.server';

/** How often the reminders are looked for (ms): hourly. */
export const PERMIT_REMINDER_INTERVAL_MS = 60 * 60 * 1000;

const state: { timer?: NodeJS.Timeout; running?: Promise<void> } = {};

function runOnce(): void {
  if (state.running) return;
  state.running = queuePermitReminders()
    .then((mails) => {
      if (mails.length > 0) logger.info({ count: mails.length }, 'queued permit document reminders');
    })
    .catch((error: unknown) => logger.error({ err: error }, 'queueing permit reminders failed; will try again'))
    .finally(() => {
      state.running = undefined;
    });
}

/** Start the timer (server start-up): a first run now, then every `intervalMs`. */
export function startPermitReminders({ intervalMs = PERMIT_REMINDER_INTERVAL_MS }: { intervalMs?: number } = {}): void {
  if (state.timer) return;
  state.timer = setInterval(runOnce, intervalMs);
  state.timer.unref();
  runOnce();
}

/** Stop the timer and wait for a run in progress (graceful shutdown, before the database closes). */
export async function stopPermitReminders(): Promise<void> {
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
  await state.running;
}
