/**
 * The browser side of the back office's live updates (docs/decisions/018-live-updates.md), mounted
 * once by the admin layout. One EventSource on /admin/events per tab (the browser reconnects by
 * itself after the `retry` the server sends). On each event it runs the current page's loaders again
 * (React Router's revalidation, debounced), so a new booking or inquiry shows on the dashboard, the
 * bookings and inquiries pages and in the sidebar's counts without a reload; a new booking or inquiry
 * also shows a toast with its label and is announced in a polite live region. When the server's
 * pending counts differ from the ones on screen (an event missed while reconnecting), the page is
 * revalidated too. A hidden tab waits until it is shown again, and a revalidation waits (checking
 * again after the same delay) while a navigation, form submission or another revalidation is under
 * way: React Router would abort that one for it, and with a navigation the flash message its loader
 * had already read (and cleared) from the cookie.
 *
 * Admin only: public pages never import it. Without JavaScript nothing happens; the pages are
 * current as of their last load.
 */
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from '~/components/ui/toast';
import { LIVE_EVENT_TYPES } from '~/lib/constants';
import type { AdminCounts } from './sidebar';

/** Where the stream is served (app/routes/admin/events.ts). */
export const LIVE_EVENTS_URL = '/admin/events';

/** The event names the stream sends for changes (app/lib/live-events.server.ts). */
const CHANGE_EVENTS = LIVE_EVENT_TYPES;

/** Pause after the last event before the page's data is read again, in ms (a burst loads once). */
const REVALIDATE_DELAY_MS = 400;

type ChangeData = { type: string; id: string; label: string };

function parse<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

type RouterState = { navigation: { state: string }; revalidation: string };

/**
 * True while React Router loads a navigation, a form submission or a revalidation. Read from the
 * router itself, which framework mode keeps in `window.__reactRouterDataRouter`: the hooks' copy of
 * that state (`useNavigation`) lags, since React Router hands it to React in a transition, and a
 * revalidation started in that gap would still cancel the navigation. Not a documented API:
 * tests/e2e/admin-live.spec.ts ("a live update during a navigation waits for it") fails if it goes.
 */
function routerBusy(): boolean {
  const state = (window as unknown as { __reactRouterDataRouter?: { state?: RouterState } }).__reactRouterDataRouter?.state;
  return state ? state.navigation.state !== 'idle' || state.revalidation !== 'idle' : false;
}

export function LiveUpdates({ counts }: { counts: AdminCounts | null }) {
  const revalidator = useRevalidator();
  const [announcement, setAnnouncement] = useState('');
  // The effect below runs once; it reads the latest revalidate function and counts through refs.
  const revalidateRef = useRef(revalidator.revalidate);
  const countsRef = useRef(counts);
  useEffect(() => {
    revalidateRef.current = revalidator.revalidate;
    countsRef.current = counts;
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(LIVE_EVENTS_URL);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let waitingForVisible = false;

    const run = () => {
      timer = undefined;
      if (document.visibilityState === 'hidden') {
        waitingForVisible = true;
        return;
      }
      waitingForVisible = false;
      if (routerBusy()) {
        schedule();
        return;
      }
      void revalidateRef.current();
    };
    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(run, REVALIDATE_DELAY_MS);
    };
    const onVisibility = () => {
      if (waitingForVisible && document.visibilityState === 'visible') schedule();
    };

    const onChange = (event: MessageEvent<string>) => {
      const data = parse<ChangeData>(event.data);
      if (!data) return;
      if (data.type.endsWith('.created') && data.label) {
        toast(data.label);
        setAnnouncement(data.label);
      }
      schedule();
    };
    const onCounts = (event: MessageEvent<string>) => {
      const fresh = parse<AdminCounts>(event.data);
      const shown = countsRef.current;
      if (fresh && shown && (fresh.bookings !== shown.bookings || fresh.inquiries !== shown.inquiries)) schedule();
    };

    for (const type of CHANGE_EVENTS) source.addEventListener(type, onChange);
    source.addEventListener('counts', onCounts);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </div>
  );
}
