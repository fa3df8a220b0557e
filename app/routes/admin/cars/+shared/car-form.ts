/**
 * What the car editor's form starts with (a new car or a stored one), shared by the editor and the
 * routes. Client-safe.
 */
import type { Car } from '~/db/schema';
import { ratingFormValues } from '~/lib/rating';

/** Fields that must be filled (docs/product.md: a car needs a model and a daily rate). */
export const CAR_REQUIRED = ['model', 'dailyRate'] as const;

/** Labels of the car categories. */
export const CAR_CATEGORY_LABELS: Record<string, string> = { suv: 'SUV', sedan: 'Sedan', hatchback: 'Hatchback', luxury: 'Luxury' };

/** The form's values for a new car (the product's defaults): available, AC, one empty gallery row. */
export function newCarValues(): Record<string, unknown> {
  return {
    available: true,
    ac: true,
    capacity: '4 Seater',
    category: 'suv',
    location: 'Gangtok',
    transmission: 'manual',
    fuelType: 'petrol',
    gallery: [''],
    specifications: {},
  };
}

/** The form's values for a stored car; the gallery keeps at least one row. */
export function carValues(c: Car): Record<string, unknown> {
  return {
    model: c.model,
    description: c.description,
    imageUrl: c.imageUrl,
    dailyRate: c.dailyRate,
    capacity: c.capacity,
    available: c.available,
    features: c.features,
    category: c.category,
    location: c.location,
    transmission: c.transmission,
    ac: c.ac,
    fuelType: c.fuelType,
    registrationNumber: c.registrationNumber,
    gallery: c.gallery.length > 0 ? c.gallery : [''],
    specifications: c.specifications,
    featured: c.featured,
    tag: c.tag,
    ...ratingFormValues(c),
    discountLabel: c.discountLabel,
  };
}
