/**
 * What the search box on top of a list does once scripts run, for the public catalogue
 * (docs/product.md#catalogue-rules) and the admin lists (docs/product.md#admin-lists). The box is a
 * plain GET form (`?q=`) that works without JavaScript; with this hook, submitting navigates
 * client-side to `hrefFor(text)` (a new history entry), and typing searches by itself `delayMs`
 * after the last keystroke (replacing the history entry; nothing happens if the text is unchanged).
 * The box follows the URL (a reset link, the back button) unless someone is typing in it. Each list
 * keeps its own markup; only the public list pages load this module (vite.config.ts keeps it in
 * their `catalog-list` chunk, docs/decisions/002-page-weight.md).
 *
 * The person's last intent wins: a search still waiting for its pause is dropped as soon as they do
 * anything else on the page (press or click something, submit a form, press a key outside the box,
 * go back), so it can never navigate over the edit page, the message or the dialog they chose
 * (`useDebouncedSearch`).
 */
import { useCallback, useEffect, useRef, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';

/** What counts as doing something else than typing in the box. */
const OTHER_INTENTS = ['pointerdown', 'click', 'submit', 'keydown', 'popstate'] as const;

/**
 * A search run `delayMs` after the last keystroke in `inputRef`'s box, unless the person does
 * anything else first (an event from outside the box, see `OTHER_INTENTS`), which drops it. Also
 * dropped when the component unmounts. `schedule(run)` (re)starts the pause; `cancel()` drops it.
 */
export function useDebouncedSearch(inputRef: RefObject<HTMLInputElement | null>, delayMs: number) {
  const stop = useRef<(() => void) | null>(null);

  const cancel = useCallback(() => {
    stop.current?.();
    stop.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  const schedule = useCallback(
    (run: () => void) => {
      cancel();
      const onOtherIntent = (event: Event) => {
        const input = inputRef.current;
        if (!input || event.target !== input) cancel();
      };
      const timer = window.setTimeout(() => {
        cancel();
        run();
      }, delayMs);
      for (const type of OTHER_INTENTS) window.addEventListener(type, onOtherIntent, { capture: true });
      stop.current = () => {
        window.clearTimeout(timer);
        for (const type of OTHER_INTENTS) window.removeEventListener(type, onOtherIntent, { capture: true });
      };
    },
    [cancel, delayMs, inputRef],
  );

  return { schedule, cancel };
}

export function useSearchBox({
  q,
  hrefFor,
  delayMs,
}: {
  /** The search text in the URL. */
  q: string;
  /** The list's address for a (trimmed) search text, page 1, keeping the list's filter. */
  hrefFor: (q: string) => string;
  /** Pause after the last keystroke, in ms. */
  delayMs: number;
}) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const { schedule, cancel } = useDebouncedSearch(inputRef, delayMs);

  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input) input.value = q;
  }, [q]);

  const search = (replace: boolean) => {
    cancel();
    const value = inputRef.current?.value.trim() ?? '';
    if (replace && value === q) return;
    void navigate(hrefFor(value), { replace, preventScrollReset: true });
  };

  return {
    /** For the search input. */
    inputRef,
    /** The form's onSubmit. */
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      search(false);
    },
    /** The input's onChange. */
    onChange: () => schedule(() => search(true)),
  };
}
