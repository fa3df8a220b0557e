/**
 * Page links under an admin list: real links with `?page=` (and the search kept), so they work
 * without JavaScript. Shows 'Showing 21–40 of 45 cars', Previous / Next and a short window of page
 * numbers (first, last, current and its neighbours). Renders nothing for a single page.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '~/lib/cn';
import { adminListHref } from './list-query';

/** Page numbers to show: first, last, and the current one with a neighbour each side; null is a gap. */
export function adminPageWindow(current: number, last: number): (number | null)[] {
  const wanted = [...new Set([1, last, current - 1, current, current + 1])].filter((n) => n >= 1 && n <= last).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of wanted) {
    const previous = out.at(-1);
    if (typeof previous === 'number' && n - previous === 2) out.push(previous + 1);
    else if (typeof previous === 'number' && n - previous > 2) out.push(null);
    out.push(n);
  }
  return out;
}

const itemClass = 'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-2.5 text-sm font-semibold';

export function AdminPagination({
  pathname,
  params,
  page,
  pageCount,
  total,
  pageSize,
  noun,
}: {
  pathname: string;
  /** The list's other query parameters (the search), kept on every link. */
  params: Record<string, string | undefined>;
  /** Current page, 1-based. */
  page: number;
  pageCount: number;
  /** Rows matching the search, all pages together. */
  total: number;
  pageSize: number;
  /** Plural noun: 'cars'. */
  noun: string;
}) {
  if (pageCount <= 1) return null;
  const href = (n: number) => adminListHref(pathname, { ...params, page: n });
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted">
        Showing {first.toLocaleString('en-IN')}–{last.toLocaleString('en-IN')} of {total.toLocaleString('en-IN')} {noun}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className={cn(itemClass, 'text-forest-700 hover:bg-forest-50')}>
              <ChevronLeft className="size-4" aria-hidden />
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(itemClass, 'text-muted')}>
              <ChevronLeft className="size-4" aria-hidden />
              Previous
            </span>
          )}
        </li>
        {adminPageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden className={cn(itemClass, 'text-muted')}>
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                className={cn(itemClass, n === page ? 'bg-forest-700 text-white' : 'text-ink hover:bg-forest-50 hover:text-forest-700')}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next" className={cn(itemClass, 'text-forest-700 hover:bg-forest-50')}>
              Next
              <ChevronRight className="size-4" aria-hidden />
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(itemClass, 'text-muted')}>
              Next
              <ChevronRight className="size-4" aria-hidden />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
