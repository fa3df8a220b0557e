/**
 * The profile page's sessions forms (app/routes/admin/profile.tsx;
 * docs/decisions/004-staff-authentication.md): sign out one session (`revoke-session`; the current
 * one signs this browser out) or every other one (`revoke-others`).
 */
import { redirect } from 'react-router';
import { signOut } from '~/services/sign-in.server';
import { redirectWithToast } from '~/lib/toast.server';
import { endOtherSessions, endUserSession } from '~/models/session.server';
import type { IntentContext } from '../../+shared/intents.server';

export async function revokeSession({ auth, request, formData, actor, path }: IntentContext) {
  const sessionId = String(formData.get('sessionId') ?? '');
  if (sessionId === auth.session.id) {
    const clear = await signOut(auth, request);
    return redirect('/admin/login', { headers: { 'Set-Cookie': clear } });
  }
  const device = /^[0-9a-f-]{36}$/i.test(sessionId) ? await endUserSession(actor, auth.user.id, sessionId) : null;
  return device
    ? redirectWithToast(`${path}#sessions`, { type: 'success', title: 'Session signed out', description: device })
    : redirectWithToast(`${path}#sessions`, { type: 'info', title: 'That session had already ended' });
}

export async function revokeOtherSessions({ auth, actor, path }: IntentContext) {
  const ended = await endOtherSessions(actor, auth.user.id, auth.session.id);
  return redirectWithToast(`${path}#sessions`, {
    type: 'success',
    title: ended > 0 ? `${ended} other session${ended === 1 ? '' : 's'} signed out` : 'No other sessions to sign out',
  });
}
