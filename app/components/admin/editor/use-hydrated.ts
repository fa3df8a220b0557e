/**
 * True once React has hydrated the page in the browser; false on the server and during hydration.
 * Editors use it to render a form that works without JavaScript first (every tab's fields shown,
 * links instead of in-place actions) and to switch to the richer version once scripts run.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
