/**
 * /bikes/:id: bike detail (docs/product.md#bike-detail): gallery, daily rate, specifications,
 * features, pickup map, rental terms (docs/decisions/007-one-policy-text.md: delivery may cost
 * extra, helmet complimentary), Book Now (the bike booking form; disabled and 'Currently
 * Unavailable' with an overlay when not available), Ask on WhatsApp, the stored rating and badges
 * (docs/decisions/006-display-fields.md), Product JSON-LD
 * (docs/decisions/012-seo-and-accessibility.md). Unknown id: 'Bike Not Found', HTTP 404.
 */
import { data } from 'react-router';
import { BookVehicleButton, WhatsAppButton } from '~/components/site/catalog/actions';
import { CatalogBadge, DetailSection, MarkList, RatingStars, UnavailableOverlay } from '~/components/site/catalog/bits';
import {
  Breadcrumbs,
  DetailLayout,
  FactList,
  HelpCard,
  ImageGallery,
  MobileActionBar,
  SummaryCard,
  SummaryPrice,
  TrustPoints,
} from '~/components/site/catalog/detail';
import { JsonLd } from '~/components/site/catalog/json-ld';
import { DetailError } from '~/components/site/detail-error';
import { bikeStructuredData } from '~/components/site/catalog/structured-data';
import { MapFacade } from '~/components/ui/office-map';
import { Icon } from '~/components/ui/icon';
import { showsRating } from '~/lib/rating';
import { env } from '~/lib/env.server';
import { CONTACT_FOR_BIKE_PRICE, formatRupees, splitFeatures } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { whatsappGoHref } from '~/lib/whatsapp-leads';
import { getBike } from '~/models/bike.server';
import { getPublicSettings } from '~/models/settings.server';
import { sharedContent } from '~/lib/public-content.server';
import type { Route } from './+types/bike';

export async function loader({ params }: Route.LoaderArgs) {
  const [bike, settings] = await Promise.all([sharedContent(`bike ${params.id}`, () => getBike(params.id)), getPublicSettings(['company', 'policies', 'map'])]);
  if (!bike) throw data(null, { status: 404 });
  const origin = env().PUBLIC_URL;
  const url = `${origin}/bikes/${bike.id}`;
  return {
    bike,
    company: settings.company,
    terms: settings.policies.bikeTerms,
    map: settings.map,
    url,
    origin,
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? pageMeta(`${loaderData.bike.model} on Rent in Gangtok`, loaderData.bike.description)
    : [{ title: 'Bike Not Found' }, { name: 'robots', content: 'noindex' }];

export default function BikeDetail({ loaderData }: Route.ComponentProps) {
  const { bike, company, terms, map, url, origin } = loaderData;
  const rupees = formatRupees(bike.dailyRate);
  const price = rupees ? `${rupees} / day` : CONTACT_FOR_BIKE_PRICE;
  // Through the redirect that counts the click (docs/decisions/049-whatsapp-leads.md).
  const whatsappHref = whatsappGoHref({ item: { type: 'bike', id: bike.id }, from: `/bikes/${bike.id}` });
  const vehicle = { type: 'bike' as const, id: bike.id, model: bike.model, dailyRate: bike.dailyRate, available: bike.available };
  const s = bike.specifications;
  const specs = [
    { icon: <Icon name="fuel" className="size-4" />, label: 'Engine', value: bike.engineCapacity },
    { icon: <Icon name="gauge" className="size-4" />, label: 'Max speed', value: bike.maxSpeed },
    { icon: <Icon name="weight" className="size-4" />, label: 'Weight', value: s.weight },
    { icon: <Icon name="droplet" className="size-4" />, label: 'Fuel capacity', value: s.fuelCapacity },
    { icon: <Icon name="arrow-up-down" className="size-4" />, label: 'Seat height', value: s.seatHeight },
    { icon: <Icon name="mountain" className="size-4" />, label: 'Ground clearance', value: s.groundClearance },
    { icon: <Icon name="cog" className="size-4" />, label: 'Gearbox', value: bike.gearType === 'automatic' ? 'Automatic' : 'Manual' },
  ].filter((spec) => spec.value);
  const features = splitFeatures(bike.features);

  return (
    <>
      <JsonLd data={bikeStructuredData(bike, { origin, url, company })} />
      <DetailLayout
        header={
          <>
            <Breadcrumbs parent={{ to: '/bikes', label: 'Bike Rentals' }} current={bike.model} />
            <div className="mt-5 flex flex-wrap items-center gap-2">
              {bike.tag ? <CatalogBadge>{bike.tag}</CatalogBadge> : null}
              {bike.category ? <CatalogBadge tone="soft">{bike.category}</CatalogBadge> : null}
              {!bike.available ? <CatalogBadge tone="white">Currently Unavailable</CatalogBadge> : null}
            </div>
            <h1 className="mt-3 max-w-4xl text-4xl font-semibold md:text-5xl">{bike.model}</h1>
            {showsRating(bike) ? <RatingStars rating={bike.rating} reviewCount={bike.reviewCount} size="md" className="mt-3" /> : null}
          </>
        }
        gallery={<ImageGallery images={[bike.imageUrl, ...bike.gallery]} name={bike.model} overlay={bike.available ? null : <UnavailableOverlay large />} />}
        summary={
          <>
            <SummaryCard>
              <SummaryPrice label="Daily rate" price={price} discountLabel={bike.featured && bike.discountLabel ? bike.discountLabel : null} />
              <FactList variant="summary" facts={specs.slice(0, 2)} />
              <div className="mt-6 space-y-3">
                <BookVehicleButton vehicle={vehicle} />
                <WhatsAppButton href={whatsappHref} />
              </div>
              <div className="mt-5 border-t border-forest-100 pt-5">
                <TrustPoints points={['Helmet complimentary', 'Free cancellation 24h before', 'Full-tank fuel policy']} />
              </div>
            </SummaryCard>
            <HelpCard company={company} whatsappHref={whatsappHref} className="hidden lg:block" />
          </>
        }
        actionBar={
          <MobileActionBar label="Daily rate" price={price}>
            <WhatsAppButton href={whatsappHref} compact />
            <BookVehicleButton vehicle={vehicle} fullWidth={false} />
          </MobileActionBar>
        }
      >
        <DetailSection id="about" title="About this bike">
          <p className="max-w-prose text-lg leading-relaxed">{bike.description}</p>
        </DetailSection>

        <DetailSection id="specs" title="Specifications">
          <FactList facts={specs} variant="panel" className="xl:grid-cols-3" />
        </DetailSection>

        {features.length > 0 ? (
          <DetailSection id="features" title="Features">
            <MarkList items={features} mark="check" layout="columns" />
          </DetailSection>
        ) : null}

        <DetailSection id="location" title="Pickup Location" intro={`Pick up at ${company.address}, or ask us to deliver to your hotel.`}>
          <MapFacade map={map} className="h-80" />
        </DetailSection>

        <DetailSection id="terms" title="Rental Terms">
          <MarkList items={terms} mark="check" className="rounded-card bg-mist p-6" />
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
      title="Bike Not Found"
      message="The bike you're looking for doesn't exist or has been removed."
      linkTo="/bikes"
      linkLabel="Browse All Bikes"
    />
  );
}
