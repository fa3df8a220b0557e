/**
 * POST /api/auth/login (docs/decisions/009-rest-api.md, 004-staff-authentication.md): `{ username,
 * password }` → 200 `{ token, tokenType: 'Bearer', expiresAt, user }`. The token is a session row
 * like the browser's cookie (same timeouts, revoked by POST /api/auth/logout). 400 for a malformed
 * body, 401 'Invalid username or password', 429 with Retry-After past the failure throttle.
 *
 * A user with two-factor sign-in on (docs/decisions/004-staff-authentication.md#two-factor-sign-in)
 * also sends `code`: the 6-digit TOTP code or an unused recovery code. Without it the answer is 401
 * 'Two-factor code required', with a wrong one 401 'Invalid two-factor code', both with an issue on
 * `code`; a wrong code counts towards the throttle.
 */
import { apiError } from '~/lib/api.server';
import { requestMeta } from '~/services/admin-guard.server';
import { CODE_HINT, CODE_REQUIRED, INVALID_CODE, INVALID_CREDENTIALS, signIn } from '~/services/sign-in.server';
import { zodIssues } from '~/lib/errors.server';
import { requestInfo } from '~/lib/request-context.server';
import { readSubmissionBody } from '~/infrastructure/submissions.server';
import { loginSchema } from '~/schemas/login';
import type { Route } from './+types/auth.login';

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return apiError(405, 'Method not allowed', [], { Allow: 'POST' });
  let body: Record<string, unknown>;
  try {
    body = await readSubmissionBody(request);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  const parsed = loginSchema.safeParse(body);
  if (!parsed.success) return apiError(400, 'Invalid sign-in', zodIssues(parsed.error));
  const { username, password, code } = parsed.data;
  // The request id goes on the sign-in log lines, as on this request's access log line (server/app.ts).
  const outcome = await signIn({ username, password, code, kind: 'bearer', ...requestMeta(request), requestId: requestInfo(context)?.requestId });
  if (outcome.ok) {
    return Response.json(
      { token: outcome.token, tokenType: 'Bearer', expiresAt: outcome.expiresAt.toISOString(), user: outcome.user },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  }
  if (outcome.reason === 'throttled') {
    return apiError(429, 'Too many failed sign-ins. Please try again later.', [], { 'Retry-After': String(outcome.retryAfterSeconds) });
  }
  if (outcome.reason === 'code_required') return apiError(401, CODE_REQUIRED, [{ path: 'code', message: CODE_HINT }]);
  if (outcome.reason === 'invalid_code') return apiError(401, INVALID_CODE, [{ path: 'code', message: CODE_HINT }]);
  return apiError(401, INVALID_CREDENTIALS);
}

export function loader() {
  return apiError(405, 'Method not allowed', [], { Allow: 'POST' });
}
