/**
 * Home About section (#about-section, docs/product.md#about-and-featured-packages): selling points
 * and 'Learn More About Us'.
 */
import { Link } from 'react-router';
import { Picture } from '~/components/ui/picture';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { SectionReveal } from '~/components/ui/section-reveal';
import { reasonsToChoose } from '~/content/about';

export function AboutSection({ companyName, tagline }: { companyName: string; tagline: string }) {
  return (
    <SectionReveal id="about-section" aria-labelledby="about-title" className="container-page grid items-center gap-12 py-20 md:py-28 lg:grid-cols-2">
      <div className="relative">
        <Picture
          src="/images/about/office-gangtok.svg"
          alt="Our office on Tibet Road in Gangtok, with the hills behind"
          width={800}
          height={600}
          className="aspect-[4/3] w-full rounded-panel bg-mist object-cover shadow-lg"
        />
        <Picture
          src="/images/about/team-guides.svg"
          alt="Our guides and drivers"
          width={400}
          height={300}
          className="absolute -right-2 -bottom-8 hidden aspect-[4/3] w-2/5 rounded-card border-4 border-white bg-mist object-cover shadow-xl sm:block md:-right-6"
        />
      </div>
      <div>
        <p className="eyebrow">About {companyName}</p>
        <h2 id="about-title" className="mt-2 text-title font-semibold text-balance">
          Local experts for the eastern Himalaya
        </h2>
        <p className="mt-4 text-lg text-muted">
          {tagline ? `${tagline}. ` : ''}We are a Gangtok team of planners, guides and drivers who have spent our lives on these roads. We plan trips the way we
          would for family: honest road times, the right season, warm rooms.
        </p>
        <ul className="mt-8 grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {reasonsToChoose.map((reason) => (
            <li key={reason.title} className="flex gap-3">
              <span className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-forest-700 text-white">
                <Icon name="check" className="size-3.5" />
              </span>
              <span className="font-medium">{reason.title}</span>
            </li>
          ))}
        </ul>
        <Link to="/about" className={buttonClass('primary', 'lg', 'mt-10')}>
          Learn More About Us
        </Link>
      </div>
    </SectionReveal>
  );
}
