/**
 * Shared helpers of the catalogue write tests: call an API action directly with any method, body and
 * headers, and valid bodies of each entity. Unlike `settle`, a thrown non-Response error is reported
 * as status 500 so a crash can never pass for a success.
 */
import { routeArgs, type NoParams, type RouteFunction } from '../route-args';

export type CallResult = { status: number; body: unknown; headers: Headers; error?: unknown };

/** Call `action` with `method` and `body` (object → JSON, string → as is, undefined → none). */
export async function call<P extends object = NoParams>(
  action: RouteFunction<P>,
  url: string,
  { method = 'POST', body, headers = {}, params }: { method?: string; body?: unknown; headers?: Record<string, string>; params?: P } = {},
): Promise<CallResult> {
  const init: RequestInit = {
    method,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  };
  let outcome: unknown;
  try {
    outcome = await action(routeArgs(url, params, init));
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    const text = await outcome.text();
    return { status: outcome.status, body: text ? JSON.parse(text) : null, headers: outcome.headers };
  }
  return { status: 500, body: null, headers: new Headers(), error: outcome };
}

/** Field names of an API error answer, sorted. */
export function issuePaths(body: unknown): string[] {
  return ((body as { issues?: { path: string }[] }).issues ?? []).map((i) => i.path).sort();
}

export const validPackage = {
  title: 'Zuluk Silk Route',
  description: 'Three days on the old silk route through East Sikkim.',
  overview: 'Hairpin bends, Thambi view point and Nathang valley.',
  imageUrl: '/images/packages/silk-route.svg',
  duration: '3 Days / 2 Nights',
  price: 12500.5,
  location: 'Zuluk, East Sikkim',
  category: 'adventure',
  people: '2-8 People',
  highlights: ['Thambi view point', 'Nathang valley'],
  itinerary: [
    { day: 1, title: 'Gangtok to Zuluk', description: 'Drive via Rongli.', activities: ['Permit check at Rongli'], meals: 'Dinner', stay: 'Homestay in Zuluk' },
    {
      day: 2,
      title: 'Silk route loop',
      description: 'Sunrise at Thambi.',
      activities: ['Thambi view point', 'Kupup lake'],
      meals: 'Breakfast & Dinner',
      stay: 'Homestay in Zuluk',
    },
  ],
  inclusions: ['Homestay on twin sharing', 'Permits'],
  exclusions: ['Lunch'],
  gallery: ['/images/places/nathula-pass.svg', 'https://example.com/zuluk.jpg'],
  startDate: '2026-10-01',
  endDate: '2026-10-03',
  maxPersons: 8,
  registrationNumber: 'SKM/TT/123',
  termsAndConditions: ['Carry a photo ID'],
  accommodation: [{ location: 'Zuluk', hotel: 'Zuluk Homestay', nights: 2, category: 'Homestay', rooms: 2 }],
  vehicleType: 'Mahindra Bolero',
  locations: ['Gangtok', 'Zuluk'],
  featured: true,
  tag: 'New',
  rating: 4.6,
  reviewCount: 12,
  discountLabel: '5% Off',
};

export const validBike = {
  model: 'Royal Enfield Scram 411',
  description: 'A light adventure bike.',
  imageUrl: '/images/bikes/scram.svg',
  dailyRate: 1800,
  engineCapacity: '411cc',
  maxSpeed: '130 km/h',
  available: true,
  features: 'ABS, Tripper navigation',
  category: 'Adventure',
  gearType: 'manual',
  gallery: ['/images/bikes/scram.svg'],
  specifications: { weight: '185 kg', fuelCapacity: '15 L', seatHeight: '795 mm', groundClearance: '200 mm' },
  featured: false,
  tag: 'New Arrival',
  rating: 4.5,
  reviewCount: 3,
  discountLabel: null,
};

export const validCar = {
  model: 'Hyundai i20',
  description: 'A compact hatchback for town.',
  imageUrl: '/images/cars/i20.svg',
  dailyRate: 1600,
  capacity: '5 Seater',
  available: true,
  features: 'Experienced hill driver, Music system',
  category: 'hatchback',
  location: 'Pelling',
  transmission: 'manual',
  ac: true,
  fuelType: 'petrol',
  gallery: ['/images/cars/i20.svg'],
  specifications: { mileage: '20 km/l', fuelCapacity: '37 L', bootSpace: '311 L', engineSize: '1197 cc' },
  featured: false,
  tag: null,
  rating: 4.9,
  reviewCount: 83,
  discountLabel: null,
};
