/**
 * schema.org descriptions of the detail pages (docs/decisions/012-seo-and-accessibility.md):
 * TouristTrip with an Offer for a package, Product with an Offer for a bike or a car. Only what the
 * page itself shows goes in: a price only when it is above 0, the stored rating only when there are
 * reviews.
 */
import type { Bike, Car, TourPackage } from '~/db/schema';
import { splitFeatures } from '~/lib/format';
import { showsRating } from '~/lib/rating';
import { formatPhone } from '~/lib/whatsapp';

type Json = Record<string, unknown>;
type Company = { name: string; phone: string; email: string; address: string };

/** Absolute URL of a path on the site (images and pages are stored as site paths). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, `${origin.replace(/\/+$/, '')}/`).href;
  } catch {
    return origin;
  }
}

function images(origin: string, main: string, gallery: string[]): string[] {
  return [...new Set([main, ...gallery].filter(Boolean))].map((src) => absoluteUrl(origin, src));
}

function rating(value: number, count: number): Json | undefined {
  return showsRating({ rating: value, reviewCount: count })
    ? { '@type': 'AggregateRating', ratingValue: value, reviewCount: count, bestRating: 5, worstRating: 1 }
    : undefined;
}

function provider(company: Company, origin: string): Json {
  return {
    '@type': 'TravelAgency',
    name: company.name,
    url: absoluteUrl(origin, '/'),
    telephone: formatPhone(company.phone),
    email: company.email,
    address: { '@type': 'PostalAddress', streetAddress: company.address, addressLocality: 'Gangtok', addressRegion: 'Sikkim', addressCountry: 'IN' },
  };
}

export function packageStructuredData(p: TourPackage, { origin, url, company }: { origin: string; url: string; company: Company }): Json {
  // The agency is described once, as the provider, and the offer refers to it by its @id.
  const agency = { '@id': absoluteUrl(origin, '/#agency'), ...provider(company, origin) };
  const offer: Json = {
    '@type': 'Offer',
    url,
    priceCurrency: 'INR',
    availability: 'https://schema.org/InStock',
    offeredBy: { '@id': agency['@id'] },
  };
  if (p.price > 0) offer.price = p.price;
  return {
    '@context': 'https://schema.org',
    '@type': 'TouristTrip',
    name: p.title,
    description: p.description,
    url,
    image: images(origin, p.imageUrl, p.gallery),
    touristType: p.category,
    provider: agency,
    offers: offer,
    itinerary: {
      '@type': 'ItemList',
      numberOfItems: p.itinerary.length,
      itemListElement: p.itinerary.map((day, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: `Day ${day.day}: ${day.title}`,
        description: day.description,
      })),
    },
    ...(p.locations.length ? { contentLocation: p.locations.map((name) => ({ '@type': 'Place', name })) } : {}),
  };
}

function vehicleOffer(dailyRate: number | null, available: boolean, url: string, agency: Json): Json {
  const offer: Json = {
    '@type': 'Offer',
    url,
    priceCurrency: 'INR',
    availability: available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
    seller: agency,
  };
  if (dailyRate != null && dailyRate > 0) {
    offer.price = dailyRate;
    offer.priceSpecification = { '@type': 'UnitPriceSpecification', price: dailyRate, priceCurrency: 'INR', unitCode: 'DAY', unitText: 'per day' };
  }
  return offer;
}

export function bikeStructuredData(b: Bike, { origin, url, company }: { origin: string; url: string; company: Company }): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: b.model,
    description: b.description,
    url,
    image: images(origin, b.imageUrl, b.gallery),
    category: ['Motorcycle rental', b.category].filter(Boolean).join(' / '),
    additionalProperty: [
      { name: 'Engine', value: b.engineCapacity },
      { name: 'Max speed', value: b.maxSpeed },
      { name: 'Gear type', value: b.gearType },
      ...splitFeatures(b.features).map((value) => ({ name: 'Feature', value })),
    ]
      .filter((p) => p.value)
      .map((p) => ({ '@type': 'PropertyValue', ...p })),
    aggregateRating: rating(b.rating, b.reviewCount),
    offers: vehicleOffer(b.dailyRate, b.available, url, provider(company, origin)),
  };
}

export function carStructuredData(c: Car, { origin, url, company }: { origin: string; url: string; company: Company }): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: c.model,
    description: c.description,
    url,
    image: images(origin, c.imageUrl, c.gallery),
    category: `Car rental / ${c.category}`,
    additionalProperty: [
      { name: 'Capacity', value: c.capacity },
      { name: 'Transmission', value: c.transmission },
      { name: 'Fuel', value: c.fuelType },
      { name: 'Location', value: c.location },
      ...splitFeatures(c.features).map((value) => ({ name: 'Feature', value })),
    ]
      .filter((p) => p.value)
      .map((p) => ({ '@type': 'PropertyValue', ...p })),
    aggregateRating: rating(c.rating, c.reviewCount),
    offers: vehicleOffer(c.dailyRate, c.available, url, provider(company, origin)),
  };
}
