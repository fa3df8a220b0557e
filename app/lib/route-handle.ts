/**
 * What a route module's `handle` export may say about its document
 * (docs/decisions/046-payments.md#the-travellers-booking-page).
 *
 * `scripts: false`: the page is sent as plain HTML and CSS, without React Router's module script,
 * its inline scripts, scroll restoration or the toast region (app/root.tsx), and without the public
 * document rewrites that only edit those scripts (app/entry.server.tsx). Such a page never hydrates:
 * every control on it must be a link or a plain form. The traveller's booking page uses it, so no
 * script runs there before the traveller presses Pay.
 */

/** The `handle` fields the document reads. */
export type RouteHandle = { scripts?: false };

/** True when any matched route's handle asks for a document without scripts. */
export function documentWithoutScripts(handles: readonly unknown[]): boolean {
  return handles.some((handle) => typeof handle === 'object' && handle !== null && (handle as RouteHandle).scripts === false);
}
