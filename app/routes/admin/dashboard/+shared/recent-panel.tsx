/**
 * The dashboard's "newest" panels of the catalogue (app/routes/admin/dashboard.tsx): up to three
 * packages, bikes or cars, each with its thumbnail, name and price, linking to its editor.
 */
import { Plus, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '~/components/admin/empty-state';
import { Picture } from '~/components/ui/picture';
import { buttonClass } from '~/components/ui/button';
import { CONTACT_FOR_BIKE_PRICE, priceOrContact } from '~/lib/format';
import type { RecentItem } from '~/models/dashboard.server';

/** '₹3,500', '₹2,500 / day' or 'Contact for price'. */
function priceText(amount: RecentItem['price'], perDay: boolean): string {
  const text = priceOrContact(amount, CONTACT_FOR_BIKE_PRICE);
  return perDay && text !== CONTACT_FOR_BIKE_PRICE ? `${text} / day` : text;
}

/** One "newest" panel: up to three items with thumbnail, name, price and an edit link. */
export function RecentPanel({
  title,
  items,
  listTo,
  editBase,
  newTo,
  emptyText,
  addText,
  perDay,
  icon,
}: {
  title: string;
  items: RecentItem[];
  listTo: string;
  editBase: string;
  newTo: string;
  emptyText: string;
  addText: string;
  perDay: boolean;
  icon: LucideIcon;
}) {
  const headingId = `recent-${listTo.split('/').at(-1)}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col card shadow-sm">
      <div className="flex items-center justify-between gap-3 border-b border-forest-100 px-4 py-3">
        <h2 id={headingId} className="font-sans text-base font-semibold text-ink">
          {title}
        </h2>
        <Link to={listTo} className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-forest-700 hover:bg-forest-50">
          View all<span className="sr-only"> {title.replace(/^Recent /, '')}</span>
        </Link>
      </div>
      {items.length === 0 ? (
        <div className="p-3">
          <EmptyState
            headingLevel={3}
            icon={icon}
            title={emptyText}
            action={
              <Link to={newTo} className={buttonClass('outline', 'md')}>
                <Plus className="size-4" aria-hidden />
                {addText}
              </Link>
            }
          />
        </div>
      ) : (
        <ul className="divide-y divide-forest-100">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={`${editBase}/${item.id}`} className="flex min-h-16 items-center gap-3 px-4 py-2.5 hover:bg-mist/50">
                <Picture src={item.imageUrl} alt="" width={64} height={48} className="h-12 w-16 shrink-0 rounded-md bg-mist object-cover" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold text-ink">{item.title}</span>
                  <span className="block text-sm text-muted">
                    {priceText(item.price, perDay)}
                    <span className="sr-only">, edit</span>
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
