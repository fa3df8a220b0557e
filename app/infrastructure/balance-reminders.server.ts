/**
 * The balance reminders' timer (docs/decisions/046-payments.md#notifications): once at start-up and
 * then every hour, `queueBalanceReminders` (app/models/balance-reminders.server.ts) queues the
 * reminders due today in India. Started and stopped by server/app.ts.
 *
 * Every instance runs it (the app has no leader election; docs/decisions/022-several-instances.md):
 * the outbox's unique dedupe key lets only one of them queue each reminder, the others' inserts
 * do nothing. Running hourly rather than at midnight means a restart or a short outage on the day
 * still sends the day's reminders; a day the server is down for entirely is not caught up (the
 * dashboard's 'Due this week' still shows the balance to the office).
 */
import { logger } from '~/lib/logger.server';
import { queueBalanceReminders } from '~/models/balance-reminders.server';

/** How often the reminders are looked for (ms): hourly. */
export const BALANCE_REMINDER_INTERVAL_MS = 60 * 60 * 1000;

const state: { timer?: NodeJS.Timeout; running?: Promise<void> } = {};

function runOnce(): void {
  if (state.running) return;
  state.running = queueBalanceReminders()
    .then((mails) => {
      if (mails.length > 0) logger.info({ count: mails.length }, 'queued balance reminders');
    })
    .catch((error: unknown) => logger.error({ err: error }, 'queueing balance reminders failed; will try again'))
    .finally(() => {
      state.running = undefined;
    });
}

/** Start the timer (server start-up): a first run now, then every `intervalMs`. */
export function startBalanceReminders({ intervalMs = BALANCE_REMINDER_INTERVAL_MS }: { intervalMs?: number } = {}): void {
  if (state.timer) return;
  state.timer = setInterval(runOnce, intervalMs);
  state.timer.unref();
  runOnce();
}

/** Stop the timer and wait for a run in progress (graceful shutdown, before the database closes). */
export async function stopBalanceReminders(): Promise<void> {
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
  await state.running;
}
