/** Trust badges under the hero (docs/product.md#home): registration, local team, permits, support. */
import { Icon } from '~/components/ui/icon';
import { trustBadges } from '~/content/about';
import type { IconName } from '~/lib/icons';

const icons: IconName[] = ['badge-check', 'mountain', 'file-check-corner', 'clock-3'];

export function TrustBadges({ rating, reviewsText }: { rating: string; reviewsText: string }) {
  return (
    <section aria-label="Why travellers trust us" className="border-b border-forest-100 bg-white">
      <ul className="container-page grid grid-cols-2 gap-x-4 gap-y-6 py-8 md:grid-cols-5 md:py-10">
        {trustBadges.map((badge, index) => (
          <li key={badge.title} className="flex items-start gap-3">
            <span className="grid size-11 shrink-0 place-items-center rounded-full bg-forest-50 text-forest-700">
              <Icon name={icons[index] ?? 'badge-check'} className="size-5" />
            </span>
            <p className="leading-tight">
              <span className="block font-semibold text-ink">{badge.title}</span>
              <span className="text-sm text-muted">{badge.text}</span>
            </p>
          </li>
        ))}
        <li className="col-span-2 flex items-center gap-3 md:col-span-1">
          <span className="grid size-11 shrink-0 place-items-center rounded-full bg-marigold font-display text-lg font-semibold text-ink">★</span>
          <p className="leading-tight">
            <span className="block font-semibold text-ink">{rating} average rating</span>
            <span className="text-sm text-muted">from {reviewsText}</span>
          </p>
        </li>
      </ul>
    </section>
  );
}
