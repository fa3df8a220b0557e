/**
 * Home (docs/product.md#home), every section in its order: announcement (in the hero), hero,
 * trust badges, about, featured packages, video, expedition posters, featured cars, featured bikes,
 * services, travel stories, gallery carousel, testimonials, call to action, Find Us.
 * JSON-LD TravelAgency with address and geo (docs/decisions/012-seo-and-accessibility.md).
 */
import { useRouteLoaderData } from 'react-router';
import { AboutSection } from '~/components/site/home/about-section';
import { CallToAction } from '~/components/site/home/call-to-action';
import { ExpeditionPosters } from '~/components/site/home/expedition-posters';
import { FeaturedPackages } from '~/components/site/home/featured-packages';
import { FeaturedVehicles, type FeaturedVehicle } from '~/components/site/home/featured-vehicles';
import { FindUs } from '~/components/site/home/find-us';
import { GalleryCarousel } from '~/components/site/home/gallery-carousel';
import { jsonLdScript, travelAgencyJsonLd } from '~/components/site/home/helpers';
import { Hero } from '~/components/site/home/hero';
import { ServicesGrid } from '~/components/site/home/services-grid';
import { TestimonialsCarousel } from '~/components/site/home/testimonials-carousel';
import { TravelStories } from '~/components/site/home/travel-stories';
import { TrustBadges } from '~/components/site/home/trust-badges';
import { VideoSection } from '~/components/site/home/video-section';
import { env } from '~/lib/env.server';
import { pageMeta, siteNameFrom } from '~/lib/meta';
import { listBikes } from '~/models/bike.server';
import { listCars } from '~/models/car.server';
import { listPackages } from '~/models/package.server';
import { getPublicSettings } from '~/models/settings.server';
import { sharedContent } from '~/lib/public-content.server';
import type { SiteLayoutData } from './layout';
import type { Route } from './+types/home';
import { formatPhone } from '~/lib/whatsapp';

const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

export async function loader() {
  const [[packages, cars, bikes], settings] = await Promise.all([
    sharedContent('home featured', () => Promise.all([listPackages({ limit: 9 }), listCars({ limit: 8 }), listBikes({ limit: 8 })])),
    getPublicSettings(['company', 'map', 'announcement', 'video']),
  ]);
  const jsonLd = jsonLdScript(travelAgencyJsonLd(env().PUBLIC_URL, settings.company, settings.map));
  return {
    jsonLd,
    announcement: settings.announcement,
    video: settings.video,
    map: settings.map,
    packages: packages.items.map(({ id, title, imageUrl, duration, location, highlights, people, price, rating, reviewCount, tag }) => ({
      id,
      title,
      imageUrl,
      duration,
      location,
      highlights: (highlights ?? []).slice(0, 2),
      people,
      price,
      rating,
      reviewCount,
      tag,
    })),
    cars: cars.items.map((c): FeaturedVehicle => ({
      id: c.id,
      model: c.model,
      imageUrl: c.imageUrl,
      dailyRate: c.dailyRate,
      available: c.available,
      tag: c.tag,
      discountLabel: c.featured ? c.discountLabel : null,
      facts: [c.capacity, capitalise(c.fuelType)],
    })),
    bikes: bikes.items.map((b): FeaturedVehicle => ({
      id: b.id,
      model: b.model,
      imageUrl: b.imageUrl,
      dailyRate: b.dailyRate,
      available: b.available,
      tag: b.tag,
      discountLabel: b.featured ? b.discountLabel : null,
      facts: [b.engineCapacity || 'Engine on request', b.category || 'Motorcycle'],
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    'Sikkim & Darjeeling Tours from Gangtok',
    'Local Gangtok tour operator: Sikkim and Darjeeling tour packages, cab services, bike rentals and rural homestays, planned by people who live here.',
    siteNameFrom(matches),
  );

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useRouteLoaderData('routes/site/layout') as SiteLayoutData | undefined;
  if (!site) return null;
  const { company, ratings } = site;
  const { announcement, video, map } = loaderData;
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }} />
      <Hero ratings={ratings} announcement={announcement} />
      <TrustBadges rating={ratings.rating} reviewsText={ratings.reviewsText} />
      <AboutSection companyName={company.name} tagline={company.tagline} />
      <FeaturedPackages packages={loaderData.packages} />
      <VideoSection url={video.url} />
      <ExpeditionPosters />
      <FeaturedVehicles kind="car" items={loaderData.cars} />
      <FeaturedVehicles kind="bike" items={loaderData.bikes} />
      <ServicesGrid />
      <TravelStories />
      <GalleryCarousel />
      <TestimonialsCarousel rating={ratings.rating} reviewsText={ratings.reviewsText} />
      <CallToAction phone={formatPhone(company.phone)} />
      <FindUs map={map} company={company} />
    </>
  );
}
