/**
 * The one spelling of a request path that decides what kind of request it is
 * (docs/decisions/045-security-round-two.md, section 1). The router matches paths without regard to
 * case and after percent-decoding, so `/API/packages`, `/%61pi/packages` and `//api/./packages` all
 * reach the API; every "is this the admin area / the API?" question is asked of `normalisedPath`,
 * never of the raw path.
 */
import path from 'node:path';

/** Most rounds of percent-decoding (`%2561` → `%61` → `a`); a path still encoded after that stays as it is. */
const MAX_DECODE_ROUNDS = 3;

function decodeFully(value: string): string {
  let current = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * `pathname` (no query) in lower case, percent-decoded, with backslashes read as slashes, duplicate
 * slashes merged, `.` and `..` segments resolved and no trailing slash: `/API//x/../Packages/` →
 * `/api/packages`. Always starts with `/`.
 */
export function normalisedPath(pathname: string): string {
  const decoded = decodeFully(pathname.split('?')[0]!).replace(/\\/g, '/').toLowerCase();
  const resolved = path.posix.normalize(`/${decoded}`);
  return resolved.length > 1 ? resolved.replace(/\/+$/, '') : '/';
}

/** True for /admin, /admin/... and its data requests (/admin.data), however spelled. */
export function isAdminPath(pathname: string): boolean {
  const p = normalisedPath(pathname);
  return p === '/admin' || p.startsWith('/admin/') || p.startsWith('/admin.');
}

/** True for /api and /api/..., however spelled. */
export function isApiPath(pathname: string): boolean {
  const p = normalisedPath(pathname);
  return p === '/api' || p.startsWith('/api/');
}

/**
 * The path Razorpay delivers webhooks to (answered by server/razorpay-webhook.ts before the page
 * chain): a server-to-server call authenticated by its signature, so the browser rules (Origin
 * check, Content-Length requirement) never see it (docs/decisions/046-payments.md#webhooks).
 */
export const RAZORPAY_WEBHOOK_PATH = '/api/webhooks/razorpay';

/** True for RAZORPAY_WEBHOOK_PATH, however spelled (see `normalisedPath`). */
export function isRazorpayWebhookPath(pathname: string): boolean {
  return normalisedPath(pathname) === RAZORPAY_WEBHOOK_PATH;
}

/**
 * True for a traveller's own booking page and everything under it (`/booking/<token>`, its Pay and
 * return addresses, its `.data` requests), however spelled; false for the public booking form
 * `/booking` itself. These answers are personal: never cached, never indexed, and the token in the
 * address is never sent to another site as a Referer (docs/decisions/046-payments.md#the-travellers-booking-page).
 */
export function isTravellerBookingPath(pathname: string): boolean {
  return normalisedPath(pathname).startsWith('/booking/');
}
