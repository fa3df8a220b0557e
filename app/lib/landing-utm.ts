/**
 * The landing page's UTM tags carried to the WhatsApp links (docs/decisions/049-whatsapp-leads.md#utm-tags):
 * public pages are cached and the same for every visitor, so their links cannot hold a visitor's
 * tags. Instead the site's layout calls `rememberLandingUtm` once its script runs: the first page of
 * the browser tab that has `utm_*` in its address keeps them in sessionStorage (gone when the tab
 * closes; nothing is sent anywhere), and a click on a /go/whatsapp link gets them added to its
 * address just before the browser follows it. Without scripts, or before they run, the redirect
 * reads the clicked page's own tags from the Referer instead. A few hundred bytes, no dependency.
 */
import { LANDING_UTM_KEY, utmParamsOf, withLandingUtm, WHATSAPP_GO_PATH } from './whatsapp-leads';

/** The tags kept for this tab, or none (no storage, nothing kept, or something malformed). */
function storedUtm(storage: Storage): [string, string][] {
  try {
    const value: unknown = JSON.parse(storage.getItem(LANDING_UTM_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((p): p is [string, string] => Array.isArray(p) && typeof p[0] === 'string' && typeof p[1] === 'string') : [];
  } catch {
    return [];
  }
}

/** Keep the tags of `search` (a page's query) unless this tab already keeps a landing page's. */
export function rememberUtmOf(search: string, storage: Storage): void {
  const utm = utmParamsOf(new URLSearchParams(search));
  if (utm.length > 0 && storage.getItem(LANDING_UTM_KEY) === null) storage.setItem(LANDING_UTM_KEY, JSON.stringify(utm));
}

let installed = false;

/**
 * Remember this page's tags if it is the landing page, and (once per page session) add the kept
 * tags to every /go/whatsapp link as it is clicked (capture phase, before the browser follows it).
 */
export function rememberLandingUtm(): void {
  let storage: Storage;
  try {
    storage = window.sessionStorage;
    rememberUtmOf(window.location.search, storage);
  } catch {
    return; // Storage switched off: the redirect still reads the Referer.
  }
  if (installed) return;
  installed = true;
  const tag = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`a[href^="${WHATSAPP_GO_PATH}?"]`) : null;
    if (!link) return;
    const href = link.getAttribute('href')!;
    const next = withLandingUtm(href, storedUtm(storage), window.location.origin);
    if (next !== href) link.setAttribute('href', next);
  };
  document.addEventListener('click', tag, true);
  document.addEventListener('auxclick', tag, true);
}
