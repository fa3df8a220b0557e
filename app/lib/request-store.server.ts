/**
 * Per-request state that follows a request through every await (AsyncLocalStorage), set up by
 * server/app.ts for each request (docs/decisions/041-page-cache.md):
 * - `requestId` puts the request id on every log line written while serving it;
 * - `staffWrite` is set by `requireAdmin` when a signed-in staff member sends a change, so the page
 *   cache is emptied only by real staff writes, not by anonymous posts to /admin;
 * - `sessionToken` is the browser session's new token once an action rotated it
 *   (docs/decisions/045-security-round-two.md#3-two-factor-secrets), so the loaders that render the
 *   same request's page (a form posted without JavaScript) find the session the new cookie names.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type RequestStore = { requestId: string; staffWrite: boolean; sessionToken?: string };

export const requestStore = new AsyncLocalStorage<RequestStore>();

/** The store of the request being served, if any (undefined in scripts and tests). */
export function currentRequest(): RequestStore | undefined {
  return requestStore.getStore();
}

/** Note that the current request is a change made by a signed-in staff member. */
export function markStaffWrite(): void {
  const store = requestStore.getStore();
  if (store) store.staffWrite = true;
}

/** Note that the current request's browser session now has the token `token` (session rotation). */
export function noteRotatedSession(token: string): void {
  const store = requestStore.getStore();
  if (store) store.sessionToken = token;
}
