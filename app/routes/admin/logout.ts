/**
 * POST /admin/logout: ends the session (its row is deleted, the audit log records it), clears the
 * cookie and goes to /admin/login (docs/decisions/004-staff-authentication.md). A GET does nothing but go back to the
 * dashboard: signing out changes state, so it is never a link a third-party page could trigger.
 */
import { redirect } from 'react-router';
import { requireAdmin } from '~/services/admin-guard.server';
import { signOut } from '~/services/sign-in.server';
import type { Route } from './+types/logout';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw redirect('/admin');
}

export async function action({ request }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  const clear = await signOut(auth, request);
  return redirect('/admin/login', { headers: { 'Set-Cookie': clear } });
}
