/**
 * Whether a click on a link is a plain left click, which a hydrated control may take over (open
 * the lightbox, load the map in place); with a modifier key or another button the browser does
 * what it does with the link (docs/architecture.md, "Controls before and after hydration").
 */
export function isPlainClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
