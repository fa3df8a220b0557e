/**
 * /packages/:id: package detail (docs/product.md#package-detail): gallery, overview, highlights,
 * day-by-day itinerary accordion, inclusions and exclusions, stays, payment / cancellation /
 * requirements notes (docs/decisions/007-one-policy-text.md), help contacts (from settings), 'You
 * May Also Like', Book Now and Ask on WhatsApp, TouristTrip JSON-LD
 * (docs/decisions/012-seo-and-accessibility.md). An unknown id renders 'Package Not Found' with
 * HTTP 404.
 */
import { data } from 'react-router';
import { PackageCard, toPackageCardItem } from '~/components/site/cards';
import { BookPackageButton, WhatsAppButton } from '~/components/site/catalog/actions';
import { CatalogBadge, DetailSection, MarkList, RatingStars } from '~/components/site/catalog/bits';
import {
  Breadcrumbs,
  DetailLayout,
  FactList,
  HelpCard,
  ImageGallery,
  MobileActionBar,
  PolicyGroups,
  SummaryCard,
  SummaryPrice,
  TrustPoints,
} from '~/components/site/catalog/detail';
import { JsonLd } from '~/components/site/catalog/json-ld';
import { DetailError } from '~/components/site/detail-error';
import { packageStructuredData } from '~/components/site/catalog/structured-data';
import { Icon } from '~/components/ui/icon';
import { showsRating } from '~/lib/rating';
import { env } from '~/lib/env.server';
import { CONTACT_FOR_PRICING, priceOrContact } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { whatsappGoHref } from '~/lib/whatsapp-leads';
import { getPackage, listRelatedPackages } from '~/models/package.server';
import { getPublicSettings, travelPolicies } from '~/models/settings.server';
import { sharedContent } from '~/lib/public-content.server';
import type { Route } from './+types/package';

export async function loader({ params }: Route.LoaderArgs) {
  const [[tourPackage, related], settings] = await Promise.all([
    sharedContent(`package ${params.id}`, () => Promise.all([getPackage(params.id), listRelatedPackages(params.id, 2)])),
    getPublicSettings(['company', 'policies']),
  ]);
  if (!tourPackage) throw data(null, { status: 404 });
  const origin = env().PUBLIC_URL;
  const url = `${origin}/packages/${tourPackage.id}`;
  return {
    tourPackage,
    related: related.map(toPackageCardItem),
    company: settings.company,
    policies: travelPolicies(settings.policies),
    url,
    origin,
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? pageMeta(`${loaderData.tourPackage.title} (${loaderData.tourPackage.duration})`, loaderData.tourPackage.description)
    : [{ title: 'Package Not Found' }, { name: 'robots', content: 'noindex' }];

export default function PackageDetail({ loaderData }: Route.ComponentProps) {
  const { tourPackage: p, related, company, policies, url, origin } = loaderData;
  const price = priceOrContact(p.price, CONTACT_FOR_PRICING);
  // Through the redirect that counts the click (docs/decisions/049-whatsapp-leads.md).
  const whatsappHref = whatsappGoHref({ item: { type: 'package', id: p.id }, from: `/packages/${p.id}` });
  const bookable = { type: 'package' as const, id: p.id, name: p.title };

  return (
    <>
      <JsonLd data={packageStructuredData(p, { origin, url, company })} />
      <DetailLayout
        header={
          <>
            <Breadcrumbs parent={{ to: '/packages', label: 'Tour Packages' }} current={p.title} />
            <div className="mt-5 flex flex-wrap items-center gap-2">
              {p.tag ? <CatalogBadge>{p.tag}</CatalogBadge> : null}
              <CatalogBadge tone="soft" className="capitalize">
                {p.category}
              </CatalogBadge>
            </div>
            <h1 className="mt-3 max-w-4xl text-4xl font-semibold md:text-5xl">{p.title}</h1>
            {showsRating(p) ? <RatingStars rating={p.rating} reviewCount={p.reviewCount} size="md" className="mt-3" /> : null}
            <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-muted">
              <li className="flex items-center gap-2">
                <Icon name="clock" className="size-5 text-forest-700" />
                {p.duration}
              </li>
              <li className="flex items-center gap-2">
                <Icon name="map-pin" className="size-5 text-forest-700" />
                {p.location}
              </li>
              <li className="flex items-center gap-2">
                <Icon name="users" className="size-5 text-forest-700" />
                {p.people}
              </li>
            </ul>
          </>
        }
        gallery={<ImageGallery images={[p.imageUrl, ...p.gallery]} name={p.title} thumbnailsClassName="grid-cols-3 sm:grid-cols-6" />}
        summary={
          <>
            <SummaryCard>
              <SummaryPrice label="Price" price={price} discountLabel={p.discountLabel} />
              <FactList
                variant="summary"
                facts={[
                  { icon: <Icon name="clock" className="size-4" />, label: 'Duration', value: p.duration },
                  { icon: <Icon name="users" className="size-4" />, label: 'Group size', value: p.people },
                  ...(p.vehicleType ? [{ icon: <Icon name="car" className="size-4" />, label: 'Vehicle', value: p.vehicleType }] : []),
                ]}
              />
              <div className="mt-6 space-y-3">
                <BookPackageButton item={bookable} />
                <WhatsAppButton href={whatsappHref} />
              </div>
              <div className="mt-5 border-t border-forest-100 pt-5">
                <TrustPoints points={['No payment needed to ask', 'We reply within 24 hours', 'Permits arranged by our Gangtok team']} />
              </div>
            </SummaryCard>
            <HelpCard company={company} whatsappHref={whatsappHref} className="hidden lg:block" />
          </>
        }
        after={
          related.length > 0 ? (
            <section aria-labelledby="related-title" className="bg-mist py-14 md:py-20">
              <div className="container-page">
                <h2 id="related-title" className="text-3xl font-semibold md:text-4xl">
                  You May Also Like
                </h2>
                <div className="mt-8 grid gap-6 md:grid-cols-2 lg:max-w-4xl">
                  {related.map((item) => (
                    <PackageCard key={item.id} item={item} headingLevel={3} />
                  ))}
                </div>
              </div>
            </section>
          ) : null
        }
        actionBar={
          <MobileActionBar label={p.duration} price={price}>
            <WhatsAppButton href={whatsappHref} compact />
            <BookPackageButton item={bookable} fullWidth={false} />
          </MobileActionBar>
        }
      >
        <DetailSection id="overview" title="Overview">
          <div className="max-w-prose space-y-4 leading-relaxed">
            <p className="text-lg text-ink">{p.description}</p>
            {p.overview ? <p className="text-muted">{p.overview}</p> : null}
          </div>
        </DetailSection>

        {p.highlights.length > 0 ? (
          <DetailSection id="highlights" title="Highlights">
            <ul className="grid gap-3 sm:grid-cols-2">
              {p.highlights.map((h) => (
                <li key={h} className="flex gap-3 rounded-card bg-mist p-4">
                  <Icon name="badge-check" className="mt-0.5 size-5 shrink-0 text-forest-700" />
                  <span>{h}</span>
                </li>
              ))}
            </ul>
          </DetailSection>
        ) : null}

        {p.itinerary.length > 0 ? (
          <DetailSection id="itinerary" title="Day-by-Day Itinerary" intro="Open a day to see the route, drive times, meals and where you stay.">
            <div className="card px-4 md:px-6">
              {/* Native disclosures sharing one name: one day open at a time, before and without JavaScript
                  (docs/architecture.md, "Controls before and after hydration"). */}
              {p.itinerary.map((day, index) => (
                <details key={day.day} name="itinerary" open={index === 0} className="accordion-item">
                  <summary className="accordion-trigger">
                    <span className="itinerary-number" aria-hidden>
                      {day.day}
                    </span>
                    <h3 className="font-sans text-base font-semibold">
                      <span className="itinerary-kicker">{`Day ${day.day}`}</span>
                      <span className="block">{day.title}</span>
                    </h3>
                    <Icon name="chevron-down" className="accordion-chevron" />
                  </summary>
                  <div className="accordion-content pl-14">
                    <p className="leading-relaxed text-muted">{day.description}</p>
                    {day.activities.length > 0 ? (
                      <ul className="chips mt-4" aria-label={`Day ${day.day} activities`}>
                        {day.activities.map((a) => (
                          <li key={a}>{a}</li>
                        ))}
                      </ul>
                    ) : null}
                    {day.meals || day.stay ? (
                      <dl className="itinerary-facts mt-4">
                        {day.meals ? (
                          <div>
                            <Icon name="utensils" />
                            <dt>Meals:</dt>
                            <dd>{day.meals}</dd>
                          </div>
                        ) : null}
                        {day.stay ? (
                          <div>
                            <Icon name="bed-double" />
                            <dt>Stay:</dt>
                            <dd>{day.stay}</dd>
                          </div>
                        ) : null}
                      </dl>
                    ) : null}
                  </div>
                </details>
              ))}
            </div>
          </DetailSection>
        ) : null}

        <section aria-labelledby="included-title" className="grid gap-6 md:grid-cols-2">
          <div className="rounded-card border border-forest-100 p-6">
            <h2 id="included-title" className="text-2xl font-semibold">
              What&apos;s Included
            </h2>
            <MarkList items={p.inclusions} mark="check" className="mt-4" />
          </div>
          <div className="rounded-card border border-forest-100 p-6">
            <h2 className="text-2xl font-semibold">Not Included</h2>
            <MarkList items={p.exclusions} mark="cross" className="mt-4" />
          </div>
        </section>

        {p.accommodation.length > 0 || p.locations.length > 0 ? (
          <DetailSection id="stays" title="Route & Stays">
            {p.locations.length > 0 ? (
              <ol className="route mb-6" aria-label="Route">
                {p.locations.map((place, i) => (
                  <li key={`${i}-${place}`}>
                    {i > 0 ? <Icon name="chevron-right" /> : null}
                    <span>{place}</span>
                  </li>
                ))}
              </ol>
            ) : null}
            {p.accommodation.length > 0 ? (
              <ul className="grid gap-3 sm:grid-cols-2">
                {p.accommodation.map((stay, i) => (
                  <li key={`${i}-${stay.location}`} className="flex gap-3 rounded-card border border-forest-100 p-4">
                    <Icon name="bed-double" className="mt-0.5 size-5 shrink-0 text-forest-700" />
                    <div>
                      <p className="font-semibold">{`${stay.location} · ${stay.nights} ${stay.nights === 1 ? 'night' : 'nights'}`}</p>
                      <p className="text-sm text-muted">
                        {stay.hotel}
                        {stay.category ? ` · ${stay.category}` : ''}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            ) : null}
          </DetailSection>
        ) : null}

        <DetailSection id="notes" title="Payment, Cancellation & Requirements">
          <PolicyGroups
            groups={[
              { title: 'Payment', icon: <Icon name="wallet" className="size-5" />, items: policies.payment },
              { title: 'Cancellation', icon: <Icon name="calendar-clock" className="size-5" />, items: policies.cancellation },
              { title: 'Requirements', icon: <Icon name="file-text" className="size-5" />, items: policies.requirements },
              { title: 'Good to know', icon: <Icon name="tag" className="size-5" />, items: p.termsAndConditions, wide: true },
            ]}
          />
        </DetailSection>

        <HelpCard company={company} whatsappHref={whatsappHref} className="lg:hidden" />
      </DetailLayout>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DetailError
      error={error}
      title="Package Not Found"
      message="The tour package you're looking for doesn't exist or has been removed."
      linkTo="/packages"
      linkLabel="Browse All Packages"
    />
  );
}
