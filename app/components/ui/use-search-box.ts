/**
 * What the search box on top of a list does once scripts run, for the public catalogue
 * (docs/product.md#catalogue-rules) and the admin lists (docs/product.md#admin-lists). The box is a
 * plain GET form (`?q=`) that works without JavaScript; with this hook, submitting navigates
 * client-side to `hrefFor(text)` (a new history entry), and typing searches by itself `delayMs`
 * after the last keystroke (replacing the history entry; nothing happens if the text is unchanged).
 * The box follows the URL (a reset link, the back button) unless someone is typing in it. Each list
 * keeps its own markup; only the public list pages load this module (vite.config.ts keeps it in
 * their `catalog-list` chunk, docs/decisions/002-page-weight.md).
 */
import { useEffect, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

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
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input) input.value = q;
  }, [q]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const search = (replace: boolean) => {
    window.clearTimeout(timer.current);
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
    onChange: () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => search(true), delayMs);
    },
  };
}
