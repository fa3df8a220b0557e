/** Services grid (docs/product.md#home). */
import { Link } from 'react-router';
import { Picture } from '~/components/ui/picture';
import { Icon } from '~/components/ui/icon';
import { SectionReveal } from '~/components/ui/section-reveal';
import { services } from '~/content/services';
import { SectionHeading } from './section-heading';

export function ServicesGrid() {
  return (
    <SectionReveal aria-labelledby="services-title" className="bg-mist py-20 md:py-28">
      <div className="container-page">
        <SectionHeading
          id="services-title"
          eyebrow="Everything for your trip"
          title="Our Services"
          intro="One local team for the whole journey, from the airport pickup to the last monastery."
          align="center"
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.title}>
              <Link to={service.to} className="group flex h-full gap-5 card p-5 shadow-sm transition-shadow hover:shadow-lg">
                <Picture src={service.image} alt="" width={400} height={400} className="size-20 shrink-0 rounded-2xl bg-forest-50 object-cover sm:size-24" />
                <span className="flex flex-col">
                  <span className="font-display text-xl font-semibold text-ink group-hover:text-forest-700">{service.title}</span>
                  <span className="mt-1 text-[0.95rem] text-muted">{service.text}</span>
                  <span className="mt-auto flex items-center gap-1 pt-2 text-sm font-semibold text-forest-700">
                    Explore <Icon name="arrow-right" className="size-4 transition-transform motion-safe:group-hover:translate-x-1" />
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </SectionReveal>
  );
}
