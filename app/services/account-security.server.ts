/**
 * Re-authentication before sensitive account changes, and the notice of each such change
 * (docs/decisions/045-security-round-two.md, section 8).
 *
 * - `recentlyAuthenticated(auth)`: the session's password was given within the last 5 minutes
 *   (REAUTH_WINDOW_MS; set at sign-in and by the 'Confirm your password' step).
 * - `confirmPassword(auth, password, ip)`: that step; a right password starts a new window, a wrong
 *   one counts towards the sign-in throttle.
 * - `notifyAccountChange(...)`: queue the security notice in the outbox. Users have no e-mail of their
 *   own, so it goes to the operator's notification address (`operatorEmail`); without one it is
 *   skipped and logged. Never throws: the change itself is already saved.
 */
import { logger } from '~/lib/logger.server';
import { accountChangeMail, operatorEmail, type AccountChange } from '~/lib/mail-texts.server';
import type { AuditActor } from '~/models/audit.server';
import { enqueueEmailsNow } from '~/models/outbox.server';
import { isRecentlyAuthenticated, markReauthenticated } from '~/models/session.server';
import { getSettings } from '~/models/settings.server';
import type { AdminAuth } from './admin-guard.server';
import { checkCurrentPassword } from './sign-in.server';

/** Whether `auth`'s session gave the password within the window (5 minutes) before `now`. */
export function recentlyAuthenticated(auth: AdminAuth, now = new Date()): boolean {
  return isRecentlyAuthenticated(auth.session, now);
}

/** The 'Confirm your password' step: 'ok' (the window starts now), 'wrong' or 'throttled'. */
export async function confirmPassword(auth: AdminAuth, password: string, ip: string): Promise<'ok' | 'wrong' | 'throttled'> {
  const outcome = await checkCurrentPassword(auth, password, ip);
  if (outcome === 'ok') await markReauthenticated(auth.session.id);
  return outcome;
}

/** Queue the security notice of `change` to the account `username`, made by `actor`; `detail` e.g. the new role. */
export async function notifyAccountChange(username: string, change: AccountChange, actor: AuditActor, detail?: string): Promise<void> {
  try {
    const settings = await getSettings(['company', 'notifications']);
    const to = operatorEmail(settings);
    if (!to) {
      logger.warn({ event: 'account_notice_skipped', username, change }, 'no notification address for the account notice');
      return;
    }
    await enqueueEmailsNow([
      accountChangeMail({ to, companyName: settings.company.name, username, change, by: actor.name, ip: actor.ip, at: new Date(), detail }),
    ]);
  } catch (error) {
    logger.error({ err: error, event: 'account_notice_failed', username, change }, 'account notice not queued');
  }
}
