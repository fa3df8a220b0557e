/** One traveller testimonial: stars (1-5), quote, avatar, name, home town and the trip taken. */
import { Icon } from '~/components/ui/icon';
import { StarRow } from '~/components/ui/star-row';
import type { Testimonial } from '~/content/testimonials';
import { cn } from '~/lib/cn';
import { Picture } from '~/components/ui/picture';

export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <p className={cn('flex items-center gap-0.5', className)}>
      <StarRow filled={rating} size={16} gap={2} />
      <span className="sr-only">Rated {rating} out of 5</span>
    </p>
  );
}

export function TestimonialCard({ testimonial: t }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col card p-6 shadow-sm">
      <div className="flex items-center justify-between">
        <Stars rating={t.rating} />
        <Icon name="quote" className="size-8 text-forest-100" />
      </div>
      <blockquote className="mt-4 flex-1 text-[1.02rem] leading-relaxed text-ink">“{t.text}”</blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-forest-100 pt-4">
        <Picture src={t.image} alt="" width={200} height={200} className="size-12 shrink-0 rounded-full bg-forest-50" />
        <span className="leading-tight">
          <span className="block font-semibold">{t.name}</span>
          <span className="text-sm text-muted">{t.location}</span>
          <span className="mt-1 block text-xs font-medium text-forest-700">{t.package}</span>
        </span>
      </figcaption>
    </figure>
  );
}
