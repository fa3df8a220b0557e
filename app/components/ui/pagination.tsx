/**
 * Page links under a paged list: the public catalogue beyond 24 items (docs/product.md#catalogue-rules)
 * and the admin lists beyond 20 rows (docs/product.md#admin-lists). Real links with `?page=` (the
 * list's search and filter kept), so they work without JavaScript and search engines can follow
 * them. Shows 'Showing 21–40 of 45 cars', Previous / Next and a short window of page numbers (first,
 * last, current and its neighbours). Renders nothing for a single page.
 *
 * Two looks: `site` (round buttons, centred under the cards) and `admin` (square-ish buttons, the
 * count on the left and the links on the right from `sm` up). Only the three public list pages
 * load it: vite.config.ts keeps it in their `catalog-list` chunk (docs/decisions/002-page-weight.md).
 */
import { Link } from 'react-router';
import { formatCount } from '~/lib/format';
import { Icon } from '~/components/ui/icon';
import { cn } from '~/lib/cn';
import { listHref } from '~/lib/list-href';

/** Page numbers to show: first, last, and the current one with a neighbour each side; null is a gap. */
export function pageWindow(current: number, last: number): (number | null)[] {
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

/** A page link, Previous / Next or the gap; 44px square at least. */
const ITEM = 'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 text-sm font-semibold';

const LOOKS = {
  site: { nav: 'flex flex-col items-center gap-3 pt-4', item: `${ITEM} rounded-full px-3` },
  admin: { nav: 'flex flex-col items-center justify-between gap-3 sm:flex-row', item: `${ITEM} rounded-lg px-2.5` },
} as const;

export function Pagination({
  variant,
  pathname,
  params,
  page,
  pageCount,
  total,
  pageSize,
  noun,
}: {
  /** 'site' for the public lists, 'admin' for the back office. */
  variant: keyof typeof LOOKS;
  /** The list's path, e.g. '/cars' or '/admin/cars'. */
  pathname: string;
  /** The list's other query parameters (search, filter), kept on every page link. */
  params: Record<string, string | undefined>;
  /** Current page, 1-based. */
  page: number;
  pageCount: number;
  /** Items matching the search and filter, all pages together. */
  total: number;
  /** Items on a full page. */
  pageSize: number;
  /** Plural noun: 'cars'. */
  noun: string;
}) {
  if (pageCount <= 1) return null;
  const look = LOOKS[variant];
  const href = (n: number) => listHref(pathname, { ...params, page: n });
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className={look.nav}>
      <p className="text-sm text-muted">
        Showing {formatCount(first)}–{formatCount(last)} of {formatCount(total)} {noun}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className={cn(look.item, 'text-forest-700 hover:bg-forest-50')}>
              <Icon name="chevron-left" className="size-4" />
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(look.item, 'text-muted')}>
              <Icon name="chevron-left" className="size-4" />
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden className={cn(look.item, 'text-muted')}>
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                className={cn(look.item, n === page ? 'bg-forest-700 text-white' : 'text-ink hover:bg-forest-50 hover:text-forest-700')}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next" className={cn(look.item, 'text-forest-700 hover:bg-forest-50')}>
              Next
              <Icon name="chevron-right" className="size-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(look.item, 'text-muted')}>
              Next
              <Icon name="chevron-right" className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
