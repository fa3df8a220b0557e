/**
 * POST /api/auth/logout: revokes the session of the Bearer token (or cookie) of the request → 204
 * (docs/decisions/004-staff-authentication.md); the audit log records the sign-out. 401 without a
 * live session.
 */
import { apiError } from '~/lib/api.server';
import { requireAdmin } from '~/services/admin-guard.server';
import { signOut } from '~/services/sign-in.server';
import type { Route } from './+types/auth.logout';

export async function action({ request }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  if (request.method !== 'POST') return apiError(405, 'Method not allowed', [], { Allow: 'POST' });
  const clear = await signOut(auth, request);
  return new Response(null, { status: 204, headers: auth.via === 'cookie' ? { 'Set-Cookie': clear } : {} });
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return apiError(405, 'Method not allowed', [], { Allow: 'POST' });
}
