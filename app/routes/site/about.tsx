/**
 * /about (docs/product.md#public-routes): story, reasons to choose us, credentials with the
 * registration number (from settings), link to /contact.
 */
import { Link, useRouteLoaderData } from 'react-router';
import { PageHeader } from '~/components/site/page-header';
import { Picture } from '~/components/ui/picture';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { SectionReveal } from '~/components/ui/section-reveal';
import { reasonsToChoose } from '~/content/about';
import type { IconName } from '~/lib/icons';
import { pageMeta, siteNameFrom } from '~/lib/meta';
import type { SiteLayoutData } from './layout';
import type { Route } from './+types/about';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    'About Us',
    'A Gangtok-based, locally run tour operator registered with the Sikkim Tourism Department: our story, our team and why travellers choose us.',
    siteNameFrom(matches),
  );

const reasonIcons: IconName[] = ['map-pinned', 'badge-check', 'sparkles', 'hotel', 'car', 'clock-3'];

export default function About() {
  const site = useRouteLoaderData('routes/site/layout') as SiteLayoutData | undefined;
  const company = site?.company;
  const ratings = site?.ratings;
  return (
    <>
      <PageHeader
        eyebrow={`About ${company?.name ?? 'us'}`}
        title="A local team for the eastern Himalaya"
        intro="We were born in these hills. Since our first jeep and a handful of guests, we have grown into a team of planners, guides and drivers who show travellers the Sikkim and Darjeeling we love."
        image={{ src: '/images/about/team-guides.svg', width: 800, height: 600 }}
      />

      <SectionReveal aria-labelledby="story-title" className="container-page grid items-center gap-12 py-20 md:grid-cols-2 md:py-28">
        <Picture
          src="/images/about/office-gangtok.svg"
          alt="Our office on Tibet Road in Gangtok"
          // The largest thing a phone paints first (the header's illustration shows from md up only).
          priority
          width={800}
          height={600}
          className="aspect-[4/3] w-full rounded-panel bg-mist object-cover shadow-lg"
        />
        <div>
          <p className="eyebrow">Our story</p>
          <h2 id="story-title" className="mt-2 text-title font-semibold">
            From one jeep on MG Marg to every valley of Sikkim
          </h2>
          <div className="mt-5 space-y-4 text-lg text-muted">
            <p>
              {company?.tagline ? `${company.tagline}. ` : ''}It started with a simple idea: travellers deserve a guide who knows which road is open after the
              rain, which monastery holds prayers at dawn and which homestay cooks the best momos.
            </p>
            <p>
              Today we plan tours, run cabs and rent bikes across Sikkim and Darjeeling, and we still answer the phone ourselves, day and night, while you are
              on the road.
            </p>
          </div>
        </div>
      </SectionReveal>

      <SectionReveal aria-labelledby="reasons-title" className="bg-mist py-20 md:py-28">
        <div className="container-page">
          <p className="eyebrow text-center">Why travel with us</p>
          <h2 id="reasons-title" className="mt-2 text-center text-title font-semibold">
            Reasons to choose us
          </h2>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {reasonsToChoose.map((reason, index) => (
              <li key={reason.title} className="card p-6 shadow-sm">
                <span className="grid size-12 place-items-center rounded-2xl bg-forest-50 text-forest-700">
                  <Icon name={reasonIcons[index] ?? 'sparkles'} className="size-6" />
                </span>
                <h3 className="mt-4 text-xl font-semibold">{reason.title}</h3>
                <p className="mt-2 text-muted">{reason.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </SectionReveal>

      <SectionReveal aria-labelledby="credentials-title" className="container-page py-20 md:py-28">
        <div className="grid gap-10 rounded-panel bg-forest-900 p-8 text-white md:grid-cols-[1.4fr_1fr] md:p-12">
          <div>
            <p className="eyebrow text-marigold-light">Credentials</p>
            <h2 id="credentials-title" className="mt-2 text-title font-semibold">
              Registered, insured and accountable
            </h2>
            <p className="mt-4 text-lg text-forest-100">
              We are registered with the Sikkim Tourism Department and arrange protected-area permits for Nathula, North Sikkim and Zuluk ourselves.
            </p>
            <dl className="mt-8 grid gap-6 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-forest-200">Tourism registration number</dt>
                <dd className="mt-1 font-semibold text-white">{company?.registrationNumber || 'On request'}</dd>
              </div>
              <div>
                <dt className="text-sm text-forest-200">Traveller rating</dt>
                <dd className="mt-1 font-semibold text-white">
                  {ratings?.rating} from {ratings?.reviewsText}
                </dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-sm text-forest-200">Office</dt>
                <dd className="mt-1 font-semibold text-white">{company?.address}</dd>
              </div>
            </dl>
          </div>
          <div className="flex flex-col justify-center gap-4 rounded-card bg-white/8 p-6 ring-1 ring-white/15">
            <h3 className="text-2xl font-semibold">Let's plan your trip</h3>
            <p className="text-forest-100">Tell us your dates and interests and we will reply within 24 hours.</p>
            <Link to="/contact" className={buttonClass('accent', 'lg')}>
              Contact Us
            </Link>
            <Link to="/packages" className={buttonClass('light', 'lg')}>
              Browse Tour Packages
            </Link>
          </div>
        </div>
      </SectionReveal>
    </>
  );
}
