/** Travel stories (docs/product.md#home). */
import { Picture } from '~/components/ui/picture';
import { Icon } from '~/components/ui/icon';
import { SectionReveal } from '~/components/ui/section-reveal';
import { travelStories } from '~/content/stories';
import { formatDate } from '~/lib/format';
import { SectionHeading } from './section-heading';

export function TravelStories() {
  return (
    <SectionReveal aria-labelledby="stories-title" className="container-page py-20 md:py-28">
      <SectionHeading id="stories-title" eyebrow="From the road" title="Travel Stories" intro="Moments our travellers brought home, in their own words." />
      <ul className="mt-10 grid gap-8 md:grid-cols-3">
        {travelStories.map((story) => (
          <li key={story.title}>
            <article className="flex h-full flex-col overflow-hidden card shadow-sm">
              <Picture src={story.image} alt="" width={1200} height={800} className="aspect-[3/2] w-full bg-mist object-cover" />
              <div className="flex flex-1 flex-col gap-3 p-6">
                <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
                  <span className="flex items-center gap-1.5">
                    <Icon name="map-pin" className="size-4 text-forest-500" />
                    {story.location}
                  </span>
                  <span className="flex items-center gap-1.5">
                    <Icon name="clock" className="size-4 text-forest-500" />
                    {story.duration}
                  </span>
                </p>
                <h3 className="text-xl font-semibold">{story.title}</h3>
                <p className="text-muted">{story.story}</p>
                <div className="mt-auto flex items-center justify-between border-t border-forest-100 pt-4 text-sm">
                  <span>
                    <span className="font-semibold">{story.author}</span>
                    <span className="flex items-center gap-1.5 text-muted">
                      <Icon name="calendar-days" className="size-3.5" />
                      {formatDate(story.date)}
                    </span>
                  </span>
                  <span className="flex items-center gap-3 text-muted">
                    <span className="flex items-center gap-1">
                      <Icon name="star" className="size-4 fill-marigold text-marigold" />
                      <span className="sr-only">Rated </span>
                      {story.rating}.0<span className="sr-only"> out of 5</span>
                    </span>
                    <span className="flex items-center gap-1">
                      <Icon name="heart" className="size-4 text-flag-red" />
                      {story.likes}
                      <span className="sr-only"> likes</span>
                    </span>
                  </span>
                </div>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </SectionReveal>
  );
}
