/**
 * /testimonials (docs/product.md#content-pages): 8 testimonials with rating 1-5 and package, and a
 * share-your-story link.
 */
import { Link, useRouteLoaderData } from 'react-router';
import { TestimonialCard } from '~/components/site/home/testimonial-card';
import { PageHeader } from '~/components/site/page-header';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { testimonials } from '~/content/testimonials';
import { pageMeta, siteNameFrom } from '~/lib/meta';
import { whatsappLink } from '~/lib/whatsapp';
import type { SiteLayoutData } from './layout';
import type { Route } from './+types/testimonials';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta('Testimonials', 'What travellers from India and abroad say about their Sikkim and Darjeeling trips with us.', siteNameFrom(matches));

export default function Testimonials() {
  const site = useRouteLoaderData('routes/site/layout') as SiteLayoutData | undefined;
  const ratings = site?.ratings;
  return (
    <>
      <PageHeader
        eyebrow={ratings ? `${ratings.rating} from ${ratings.reviewsText}` : 'Testimonials'}
        title="What our travellers say"
        intro="Families, couples, riders and solo travellers on the trips they took with us."
      />
      <section aria-label="Testimonials" className="container-page py-14 md:py-20">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.name}>
              <TestimonialCard testimonial={t} />
            </li>
          ))}
        </ul>
        <div className="mt-14 flex flex-col items-center gap-4 rounded-panel bg-forest-900 px-6 py-12 text-center text-white">
          <h2 className="text-title font-semibold">Travelled with us?</h2>
          <p className="max-w-xl text-forest-100">We would love to hear your story. Share it with us and it may help another traveller plan theirs.</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link to="/contact" className={buttonClass('accent', 'lg')}>
              Share Your Story
            </Link>
            {site ? (
              <a
                href={whatsappLink(site.company.whatsappNumber, "Hello! I'd like to share my travel story.")}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass('whatsapp', 'lg')}
              >
                <Icon name="message-circle" className="size-5" />
                Share on WhatsApp
              </a>
            ) : null}
          </div>
        </div>
      </section>
    </>
  );
}
