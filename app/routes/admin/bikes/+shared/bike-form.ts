/**
 * What the bike editor's form starts with (a new bike, a stored bike, or the 'Himalayan 450'
 * sample of docs/product.md), shared by the editor and the routes. Client-safe.
 */
import type { Bike } from '~/db/schema';
import { ratingFormValues } from '~/lib/rating';

/** Fields that must be filled (docs/product.md: a bike needs a model and a daily rate). */
export const BIKE_REQUIRED = ['model', 'dailyRate'] as const;

/** Suggestions for the free-text category (the seeded ones). */
export const BIKE_CATEGORY_SUGGESTIONS = ['Adventure', 'Dual Sport', 'Cruiser', 'Scooter'] as const;

/** The form's values for a new bike: available, manual gears, one empty gallery row. */
export function newBikeValues(): Record<string, unknown> {
  return { available: true, gearType: 'manual', gallery: [''], specifications: {} };
}

/** The form's values for a stored bike; the gallery keeps at least one row. */
export function bikeValues(b: Bike): Record<string, unknown> {
  return {
    model: b.model,
    description: b.description,
    imageUrl: b.imageUrl,
    dailyRate: b.dailyRate,
    engineCapacity: b.engineCapacity,
    maxSpeed: b.maxSpeed,
    available: b.available,
    features: b.features,
    category: b.category,
    gearType: b.gearType,
    gallery: b.gallery.length > 0 ? b.gallery : [''],
    specifications: b.specifications,
    featured: b.featured,
    tag: b.tag,
    ...ratingFormValues(b),
    discountLabel: b.discountLabel,
  };
}

/** The query value of the sample prefill (`/admin/bikes/new?prefill=himalayan-450`). */
export const HIMALAYAN_450 = 'himalayan-450';

/**
 * Sample data of a Royal Enfield Himalayan 450 (docs/product.md: new-bike mode offers a
 * 'Himalayan 450' prefill): published figures, the daily rate a Gangtok rental charges, and the
 * bundled illustration.
 */
export const HIMALAYAN_450_VALUES: Record<string, unknown> = {
  model: 'Royal Enfield Himalayan 450',
  description:
    'Liquid-cooled 452cc adventure bike built for the high passes: it keeps its pull above 12,000 ft on the ' +
    'climbs to Tsomgo, Nathula and Gurudongmar, and its long-travel suspension soaks up the broken stretches ' +
    'of the North Sikkim Highway.',
  imageUrl: '/images/bikes/himalayan-450.svg',
  dailyRate: 2500,
  engineCapacity: '452cc',
  maxSpeed: '145 km/h',
  available: true,
  features: 'Ride-by-wire with two riding modes, Switchable rear ABS, Round TFT with map navigation, LED headlamp, ' + 'Long-travel suspension, Luggage rack',
  category: 'Adventure',
  gearType: 'manual',
  gallery: ['/images/bikes/himalayan-450.svg', '/images/places/gurudongmar-lake.svg', '/images/places/nathula-pass.svg'],
  specifications: { weight: '196 kg', fuelCapacity: '17 L', seatHeight: '825 mm', groundClearance: '230 mm' },
  featured: false,
  tag: 'New Arrival',
  discountLabel: '',
};

/** The prefill named by the `prefill` query value, or null. */
export function bikePrefill(name: string | null): Record<string, unknown> | null {
  return name === HIMALAYAN_450 ? HIMALAYAN_450_VALUES : null;
}
