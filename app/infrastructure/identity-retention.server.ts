/**
 * The identity documents' retention timer (docs/decisions/050-permits-and-manifests.md, "Retention"):
 * once at start-up and then every hour, `purgeExpiredIdentityDocuments` (app/models/travellers.server.ts)
 * deletes the travellers' photos and ID scans and the permit scans of trips that ended more than
 * `permits.retentionDaysAfterTrip` days ago. Started and stopped by server/app.ts.
 *
 * Every instance runs it, as the balance reminders and invoicing do (no leader election;
 * docs/decisions/022-several-instances.md): each booking is purged in a transaction that locks its
 * row with SKIP LOCKED and re-reads its keys, so one instance deletes and audits it, the others pass.
 */
import { logger } from '~/lib/logger.server';
import { purgeExpiredIdentityDocuments } from '~/models/travellers.server';

/** How often expired documents are looked for (ms): hourly. */
export const IDENTITY_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

const state: { timer?: NodeJS.Timeout; running?: Promise<void> } = {};

function runOnce(): void {
  if (state.running) return;
  state.running = purgeExpiredIdentityDocuments(new Date())
    .then((purged) => {
      if (purged.length > 0) logger.info({ count: purged.length }, 'deleted the identity documents of past trips');
    })
    .catch((error: unknown) => logger.error({ err: error }, 'deleting expired identity documents failed; will try again'))
    .finally(() => {
      state.running = undefined;
    });
}

/** Start the timer (server start-up): a first run now, then every `intervalMs`. */
export function startIdentityRetention({ intervalMs = IDENTITY_RETENTION_INTERVAL_MS }: { intervalMs?: number } = {}): void {
  if (state.timer) return;
  state.timer = setInterval(runOnce, intervalMs);
  state.timer.unref();
  runOnce();
}

/** Stop the timer and wait for a run in progress (graceful shutdown, before the database closes). */
export async function stopIdentityRetention(): Promise<void> {
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
  await state.running;
}
