/**
 * /cars/:id: car detail (docs/product.md#car-detail). Server-rendered; while a client-side
 * navigation to it loads, the page being left shows the car skeleton (`usePendingCarDetail`). Large
 * image and 3-column thumbnails, five stars with the review count, capacity and category badges,
 * daily rate, discount badge when featured, Book Now (disabled 'Currently Unavailable' with an
 * overlay when not available), Ask on WhatsApp, trust points, features, location map (default
 * Gangtok), Need Help, Rental Terms, Ready to Drive, Product JSON-LD
 * (docs/decisions/012-seo-and-accessibility.md). Unknown id: 'Car Not Found', HTTP 404.
 */
import { data } from 'react-router';
import { BookVehicleButton, WhatsAppButton } from '~/components/site/catalog/actions';
import { CatalogBadge, DetailSection, MarkList, RatingStars, UnavailableOverlay } from '~/components/site/catalog/bits';
import { CarDetailSkeleton, usePendingCarDetail } from '~/components/site/catalog/car-skeleton';
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
import { carStructuredData } from '~/components/site/catalog/structured-data';
import { MapFacade } from '~/components/ui/office-map';
import { mapForLocation } from '~/components/ui/office-map';
import { Icon } from '~/components/ui/icon';
import { showsRating } from '~/lib/rating';
import { env } from '~/lib/env.server';
import { CONTACT_FOR_PRICE, formatRupees, seatsFromCapacity, splitFeatures } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { whatsappGoHref } from '~/lib/whatsapp-leads';
import { getCar } from '~/models/car.server';
import { getPublicSettings } from '~/models/settings.server';
import { sharedContent } from '~/lib/public-content.server';
import type { Route } from './+types/car';

export async function loader({ params }: Route.LoaderArgs) {
  const [car, settings] = await Promise.all([sharedContent(`car ${params.id}`, () => getCar(params.id)), getPublicSettings(['company', 'policies', 'map'])]);
  if (!car) throw data(null, { status: 404 });
  const origin = env().PUBLIC_URL;
  const url = `${origin}/cars/${car.id}`;
  return {
    car,
    company: settings.company,
    terms: settings.policies.carTerms,
    map: mapForLocation(car.location || 'Gangtok', settings.map),
    url,
    origin,
  };
}

type CarData = Awaited<ReturnType<typeof loader>>;

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? pageMeta(`${loaderData.car.model} with Driver in ${loaderData.car.location || 'Gangtok'}`, loaderData.car.description)
    : [{ title: 'Car Not Found' }, { name: 'robots', content: 'noindex' }];

export default function CarDetail({ loaderData }: Route.ComponentProps) {
  // Another car is loading (a link from this page): show its skeleton, not this car.
  if (usePendingCarDetail(loaderData.car.id)) return <CarDetailSkeleton />;
  return <CarView {...loaderData} />;
}

function CarView({ car, company, terms, map, url, origin }: CarData) {
  const rupees = formatRupees(car.dailyRate);
  const price = rupees ? `${rupees} / day` : CONTACT_FOR_PRICE;
  // Through the redirect that counts the click (docs/decisions/049-whatsapp-leads.md).
  const whatsappHref = whatsappGoHref({ item: { type: 'car', id: car.id }, from: `/cars/${car.id}` });
  const vehicle = { type: 'car' as const, id: car.id, model: car.model, dailyRate: car.dailyRate, available: car.available };
  const location = car.location || 'Gangtok';
  const seats = seatsFromCapacity(car.capacity);
  const s = car.specifications;
  const specs = [
    { icon: <Icon name="gauge" className="size-4" />, label: 'Mileage', value: s.mileage },
    { icon: <Icon name="droplet" className="size-4" />, label: 'Fuel capacity', value: s.fuelCapacity },
    { icon: <Icon name="package" className="size-4" />, label: 'Boot space', value: s.bootSpace },
    { icon: <Icon name="cog" className="size-4" />, label: 'Engine', value: s.engineSize },
  ].filter((spec) => spec.value);
  const features = splitFeatures(car.features);

  return (
    <>
      <JsonLd data={carStructuredData(car, { origin, url, company })} />
      <DetailLayout
        header={
          <>
            <Breadcrumbs parent={{ to: '/cars', label: 'Cab Services' }} current={car.model} />
            <div className="mt-5 flex flex-wrap items-center gap-2">
              {car.tag ? <CatalogBadge>{car.tag}</CatalogBadge> : null}
              <CatalogBadge tone="soft">
                <Icon name="users" className="size-3.5" />
                {car.capacity || `${seats} Seater`}
              </CatalogBadge>
              <CatalogBadge tone="soft" className="uppercase">
                {car.category}
              </CatalogBadge>
            </div>
            <h1 className="mt-3 max-w-4xl text-4xl font-semibold md:text-5xl">{car.model}</h1>
            {showsRating(car) ? <RatingStars rating={car.rating} reviewCount={car.reviewCount} size="md" className="mt-3" /> : null}
          </>
        }
        gallery={<ImageGallery images={[car.imageUrl, ...car.gallery]} name={car.model} overlay={car.available ? null : <UnavailableOverlay large />} />}
        summary={
          <>
            <SummaryCard>
              <SummaryPrice label="Daily rate" price={price} discountLabel={car.featured && car.discountLabel ? car.discountLabel : null} />
              <FactList
                variant="summary"
                className="grid-cols-2"
                facts={[
                  { icon: <Icon name="users" className="size-4" />, label: 'Seats', value: seats },
                  { icon: <Icon name="cog" className="size-4" />, label: 'Gearbox', value: car.transmission === 'automatic' ? 'Automatic' : 'Manual' },
                  { icon: <Icon name="fuel" className="size-4" />, label: 'Fuel', value: <span className="capitalize">{car.fuelType}</span> },
                  { icon: <Icon name="snowflake" className="size-4" />, label: 'AC', value: car.ac ? 'Yes' : 'No' },
                ]}
              />
              <div className="mt-6 space-y-3">
                <BookVehicleButton vehicle={vehicle} />
                <WhatsAppButton href={whatsappHref} />
              </div>
              <div className="mt-5 border-t border-forest-100 pt-5">
                <TrustPoints points={['Best Price Guarantee', 'Free Cancellation 24h before', 'Full Tank Policy']} />
              </div>
            </SummaryCard>
            <HelpCard company={company} whatsappHref={whatsappHref} className="hidden lg:block" />
          </>
        }
        after={
          <section aria-labelledby="ready-title" className="container-page pb-14 md:pb-20">
            <div className="flex flex-col gap-6 rounded-card bg-forest-900 p-6 text-white md:flex-row md:items-center md:justify-between md:p-10">
              <div className="max-w-2xl">
                <h2 id="ready-title" className="text-3xl font-semibold text-white">
                  Ready to Drive?
                </h2>
                <p className="mt-2 text-forest-50">
                  Send your dates for the {car.model} and we confirm availability, the driver and the final price within 24 hours.
                </p>
              </div>
              <div className="flex flex-col gap-3 sm:flex-row md:w-80 md:shrink-0 md:flex-col">
                <BookVehicleButton vehicle={vehicle} />
                <WhatsAppButton href={whatsappHref} />
              </div>
            </div>
          </section>
        }
        actionBar={
          <MobileActionBar label="Daily rate" price={price}>
            <WhatsAppButton href={whatsappHref} compact />
            <BookVehicleButton vehicle={vehicle} fullWidth={false} />
          </MobileActionBar>
        }
      >
        <DetailSection id="about" title="About this car">
          <p className="max-w-prose text-lg leading-relaxed">{car.description}</p>
        </DetailSection>

        {features.length > 0 ? (
          <DetailSection id="features" title="Features">
            <MarkList items={features} mark="check" layout="columns" />
          </DetailSection>
        ) : null}

        {specs.length > 0 ? (
          <DetailSection id="specs" title="Specifications">
            <FactList facts={specs} variant="panel" />
          </DetailSection>
        ) : null}

        <DetailSection
          id="location"
          intro="Pickup anywhere in town, or at Bagdogra Airport and NJP station on request."
          title={
            <span className="inline-flex items-center gap-2">
              <Icon name="map-pin" className="size-6 text-forest-700" />
              Location: {location}
            </span>
          }
        >
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
      title="Car Not Found"
      message="The car you're looking for doesn't exist or has been removed."
      linkTo="/cars"
      linkLabel="Browse All Cars"
    />
  );
}
