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
