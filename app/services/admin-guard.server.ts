/**
 * The admin request guard (docs/decisions/004-staff-authentication.md): who is signed in on a
 * request, and the checks every admin loader, action and admin API handler starts with. Signing in
 * and out is app/services/sign-in.server.ts.
 *
 * - `requireAdmin(request)` is called by every /admin loader and action and every admin API handler.
 *   It accepts the session cookie or `Authorization: Bearer <token>`. Without a live session a page
 *   gets a redirect to /admin/login?redirectTo=..., the API a 401 `{error}`. A cookie-authenticated
 *   change (page action or API call) must also come from the site's own origin (403 otherwise);
 *   server/app.ts refuses such requests before routing as well, and "is this the API?" is asked of
 *   the normalised path (app/lib/request-path.server.ts, docs/decisions/045-security-round-two.md). `requireRole(request, 'admin')` also demands
 *   the role (docs/decisions/004-staff-authentication.md#roles); `requirePermission(request, p)` and
 *   `refuseUnless(auth, request, p)` demand a permission of the table in app/lib/permissions.ts
 *   (docs/decisions/045-security-round-two.md, section 9).
 * - `auditActor` and `requestMeta` name the request's user and client for the audit log and the
 *   session row.
 */
import { data, redirect } from 'react-router';
import { clientIp } from '~/infrastructure/rate-limit.server';
import { apiError } from '~/lib/api.server';
import type { UserRole } from '~/lib/constants';
import { sessionCookie } from '~/lib/cookies.server';
import { bearerTokenOf, checkOrigin } from '~/lib/origin-check.server';
import { can, type Permission } from '~/lib/permissions';
import { isApiPath } from '~/lib/request-path.server';
import { currentRequest, markStaffWrite, noteRotatedSession } from '~/lib/request-store.server';
import type { AuditActor } from '~/models/audit.server';
import { findActiveSession, type ActiveSession, type SessionKind } from '~/models/session.server';

/** /admin/staff (and any admin-role-only page) for a user with the staff role. */
export const NOT_ALLOWED = 'Only an admin can open this page';

export type AdminAuth = ActiveSession & { token: string; via: SessionKind };

/** The live staff session of the request (Bearer token first, then the cookie), or null. */
export async function getAdmin(request: Request): Promise<AdminAuth | null> {
  const bearer = bearerTokenOf(request.headers.get('Authorization'));
  if (bearer) {
    const found = await findActiveSession(bearer);
    return found ? { ...found, token: bearer, via: 'bearer' } : null;
  }
  // A session rotated earlier in this same request (a form posted without JavaScript renders its
  // page right after the action) goes on under the new token its answer sets.
  const token = currentRequest()?.sessionToken ?? (await sessionCookie().parse(request.headers.get('Cookie')));
  if (typeof token !== 'string' || token === '') return null;
  const found = await findActiveSession(token);
  return found ? { ...found, token, via: 'cookie' } : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True for the API however its path is spelled (`/API/x`, `/%61pi/x`). */
function isApiRequest(url: URL): boolean {
  return isApiPath(url.pathname);
}

/** A path inside the admin area to return to after sign-in; anything else gives `fallback` (no open redirect). */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/admin'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(to, 'http://site.invalid');
  } catch {
    return fallback;
  }
  const inAdmin = url.pathname === '/admin' || url.pathname.startsWith('/admin/');
  const authPage = url.pathname.startsWith('/admin/login') || url.pathname.startsWith('/admin/logout');
  if (url.origin !== 'http://site.invalid' || !inAdmin || authPage) return fallback;
  return url.pathname + url.search;
}

/** The login URL that brings the user back to `request`'s page afterwards. */
export function loginRedirectUrl(request: Request): string {
  const url = new URL(request.url);
  const back = url.pathname.replace(/\.data$/, '') + url.search;
  const target = safeRedirect(back, '');
  return target && target !== '/admin' ? `/admin/login?redirectTo=${encodeURIComponent(target)}` : '/admin/login';
}

/**
 * The signed-in staff member, or a thrown Response: a redirect to the login page for a page, 401
 * `{error}` for the API, 403 for a cookie-authenticated cross-site change (`{error}` on the API).
 */
export async function requireAdmin(request: Request): Promise<AdminAuth> {
  const url = new URL(request.url);
  const api = isApiRequest(url);
  const auth = await getAdmin(request);
  if (!auth) {
    if (api) throw apiError(401, 'Sign in required', [], { 'WWW-Authenticate': 'Bearer' });
    const headers = new Headers();
    if (request.headers.get('Cookie')?.includes('hx_session=')) {
      headers.append('Set-Cookie', await sessionCookie().serialize('', { maxAge: 0 }));
    }
    throw redirect(loginRedirectUrl(request), { headers });
  }
  const change = !SAFE_METHODS.has(request.method.toUpperCase());
  if (auth.via === 'cookie' && change) {
    const origin = checkOrigin(request);
    if (!origin.ok) throw api ? apiError(403, origin.reason) : data(origin.reason, { status: 403 });
  }
  // A signed-in change: when it succeeds, the page cache is emptied (app/lib/page-cache.server.ts).
  if (change) markStaffWrite();
  return auth;
}

/** The 403 of a signed-in user without the role: on a page the layout's 'not allowed' view, on the API `{error}`. */
function notAllowed(request: Request, message: string): Response | ReturnType<typeof data<string>> {
  return isApiRequest(new URL(request.url)) ? apiError(403, message) : data(message, { status: 403 });
}

/**
 * `requireAdmin` plus a role (docs/decisions/004-staff-authentication.md#roles): a signed-in user
 * without it gets 403, as a page the layout's 'not allowed' view (NOT_ALLOWED), on the API `{error}`.
 */
export async function requireRole(request: Request, role: UserRole): Promise<AdminAuth> {
  const auth = await requireAdmin(request);
  if (auth.user.role !== role) throw notAllowed(request, NOT_ALLOWED);
  return auth;
}

/** What a user without the permission is told (403), per permission of app/lib/permissions.ts. */
export const NOT_PERMITTED: Readonly<Record<Permission, string>> = {
  settings: NOT_ALLOWED,
  staff: NOT_ALLOWED,
  delete: 'Only an admin can delete',
  'audit-ip': NOT_ALLOWED,
  accounts: NOT_ALLOWED,
};

/**
 * Throw the 403 unless the signed-in user holds `permission` (the table of app/lib/permissions.ts,
 * docs/decisions/045-security-round-two.md section 9); for a check inside an action, after
 * `requireAdmin`, such as an API's DELETE or a form's delete intent.
 */
export function refuseUnless(auth: AdminAuth, request: Request, permission: Permission): void {
  if (!can(auth.user.role, permission)) throw notAllowed(request, NOT_PERMITTED[permission]);
}

/** `requireAdmin` plus a permission of app/lib/permissions.ts: 403 (see `refuseUnless`) without it. */
export async function requirePermission(request: Request, permission: Permission): Promise<AdminAuth> {
  const auth = await requireAdmin(request);
  refuseUnless(auth, request, permission);
  return auth;
}

/**
 * Whether the session `auth` was read from still stands as it was: not signed out, revoked (a
 * password change ends the user's other sessions), expired or idle, its user not disabled and
 * still of the same role. Reads without refreshing the session's last use, so calling it on a
 * timer never keeps an idle session alive (the live stream's heartbeat, app/routes/admin/events.ts,
 * docs/decisions/045-security-round-two.md section 6).
 */
export async function sessionStillStands(auth: AdminAuth): Promise<boolean> {
  const now = await findActiveSession(auth.token, new Date(), { touch: false });
  return !!now && now.session.id === auth.session.id && now.user.id === auth.user.id && now.user.role === auth.user.role;
}

/** The `Set-Cookie` value of a new browser session. */
export function sessionCookieHeader(token: string): Promise<string> {
  return sessionCookie().serialize(token);
}

/**
 * The `Set-Cookie` value of a browser session an action just rotated
 * (docs/decisions/045-security-round-two.md#3-two-factor-secrets); the rest of this request (the
 * loaders that render its page without JavaScript) reads the session of the new token.
 */
export function rotatedSessionCookieHeader(token: string): Promise<string> {
  noteRotatedSession(token);
  return sessionCookieHeader(token);
}

/** Who makes a change, for the audit log (docs/decisions/017-audit-log.md): the signed-in user and the client address. */
export function auditActor(auth: AdminAuth, request: Request): AuditActor {
  return { id: auth.user.id, name: auth.user.username, ip: clientIp(request) };
}

/** Client address and user agent of a request, for the session row and the throttle. */
export function requestMeta(request: Request): { ip: string; userAgent: string | null } {
  return { ip: clientIp(request), userAgent: request.headers.get('User-Agent') };
}
