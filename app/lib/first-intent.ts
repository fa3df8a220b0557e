/**
 * One delegated listener for "the visitor is about to use this": `run` is called once, at the first
 * of `events` on `document` whose target is inside an element matching `selector`, and the listener
 * is removed. Used to start downloading code a page only needs on use (the site's dialogs, the
 * contact and booking forms' validation; docs/decisions/002-page-weight.md).
 *
 * Returns the function that stops listening (for an effect's cleanup).
 */
export function onFirstIntent(selector: string, events: readonly (keyof DocumentEventMap)[], run: () => void): () => void {
  const stop = () => {
    for (const type of events) document.removeEventListener(type, onEvent);
  };
  function onEvent(event: Event) {
    if (!(event.target instanceof Element) || !event.target.closest(selector)) return;
    stop();
    run();
  }
  for (const type of events) document.addEventListener(type, onEvent, { passive: true });
  return stop;
}

/** What tells an active visitor from a page merely loaded: moving, scrolling, touching, typing. */
const ACTIVITY_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'scroll', 'keydown'] as const;

/**
 * Calls `run` once, when the browser is next idle after the visitor's first activity on the page
 * (`ACTIVITY_EVENTS` on window), to fetch code the visitor is likely to need soon before they ask
 * for it. Does nothing when the visitor asked to save data (`navigator.connection.saveData`). A
 * page load alone (a crawler, Lighthouse) does not count as activity, so it downloads nothing more.
 *
 * Returns the function that stops listening (for an effect's cleanup).
 */
export function onFirstActivity(run: () => void): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return () => {};
  let idle: number | undefined;
  const stop = () => {
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onEvent, { capture: true });
    if (idle !== undefined) (window.cancelIdleCallback ?? clearTimeout)(idle);
  };
  function onEvent() {
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onEvent, { capture: true });
    idle = window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 1000 }) : window.setTimeout(run, 200);
  }
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onEvent, { capture: true, passive: true });
  return stop;
}
