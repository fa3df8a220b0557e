/**
 * The invoicing timer (docs/decisions/047-invoices-gst.md#tax-invoices): once at start-up and then
 * every hour, `issueDueInvoices` (app/models/invoices.server.ts) issues the tax invoice of each
 * confirmed, fully paid booking whose trip has started. Started and stopped by server/app.ts.
 *
 * Every instance runs it: each invoice is issued in a transaction that locks its booking and looks
 * for an invoice again, so two instances never invoice one booking twice (the second finds the first's
 * invoice and skips it). Hourly, so a restart on the trip's first day still issues it.
 */
import { logger } from '~/lib/logger.server';
import { issueDueInvoices } from '~/models/invoices.server';

/** How often due invoices are looked for (ms): hourly. */
export const INVOICING_INTERVAL_MS = 60 * 60 * 1000;

const state: { timer?: NodeJS.Timeout; running?: Promise<void> } = {};

function runOnce(): void {
  if (state.running) return;
  state.running = issueDueInvoices()
    .then((issued) => {
      if (issued.length > 0) logger.info({ count: issued.length, numbers: issued.map((d) => d.number) }, 'issued tax invoices of trips that started');
    })
    .catch((error: unknown) => logger.error({ err: error }, 'issuing due tax invoices failed; will try again'))
    .finally(() => {
      state.running = undefined;
    });
}

/** Start the timer (server start-up): a first run now, then every `intervalMs`. */
export function startInvoicing({ intervalMs = INVOICING_INTERVAL_MS }: { intervalMs?: number } = {}): void {
  if (state.timer) return;
  state.timer = setInterval(runOnce, intervalMs);
  state.timer.unref();
  runOnce();
}

/** Stop the timer and wait for a run in progress (graceful shutdown, before the database closes). */
export async function stopInvoicing(): Promise<void> {
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
  await state.running;
}
