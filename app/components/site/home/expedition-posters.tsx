/** Upcoming expedition posters (docs/product.md#home). */
import { Link } from 'react-router';
import { Picture } from '~/components/ui/picture';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { SectionReveal } from '~/components/ui/section-reveal';
import { expeditionPosters } from '~/content/posters';
import { SectionHeading } from './section-heading';

export function ExpeditionPosters() {
  return (
    <SectionReveal aria-labelledby="expeditions-title" className="container-page py-20 md:py-28">
      <SectionHeading
        id="expeditions-title"
        eyebrow="Fixed departures"
        title="Upcoming Expeditions"
        intro="Small-group departures led by our own guides. Ask us for dates and seats."
        action={
          <Link to="/contact" className={buttonClass('outline')}>
            Ask about dates
          </Link>
        }
      />
      {/* A swipeable row on phones (focusable so keyboard users can scroll it), a grid from sm up. */}
      <div
        role="region"
        aria-label="Expedition posters"
        tabIndex={0}
        className="relative -mx-4 mt-10 overflow-x-auto px-4 pb-2 sm:mx-0 sm:overflow-visible sm:px-0"
      >
        <ul className="flex snap-x snap-mandatory gap-4 sm:grid sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
          {expeditionPosters.map((poster) => (
            <li key={poster.title} className="group w-[72%] shrink-0 snap-center overflow-hidden rounded-card bg-forest-900 shadow-md sm:w-auto">
              <Picture
                src={poster.image}
                alt={poster.alt}
                width={800}
                height={1100}
                className="aspect-[8/11] w-full object-cover transition-transform duration-500 motion-safe:group-hover:scale-[1.02]"
              />
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-5 py-4 text-white">
                <h3 className="font-display text-xl font-semibold">{poster.title}</h3>
                <p className="flex items-center gap-1.5 text-sm text-forest-100">
                  <Icon name="calendar-days" className="size-4" />
                  {poster.season}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </SectionReveal>
  );
}
