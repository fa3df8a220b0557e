/**
 * The write schema of a bike: one schema for the admin editor (Conform form data), the admin API
 * (POST /api/bikes, PUT /api/bikes/:id) and the seed. Rules: docs/product.md (admin bike and car
 * validation) and docs/decisions/009-rest-api.md.
 *
 * Form field names are the camelCase names below, nested as Conform writes them: `gallery[0]`,
 * `specifications.fuelCapacity`. Every value may be a string (form) or a typed JSON value (API).
 *
 * Booleans (form vs JSON): `available` and `featured` are checkboxes. The schema reads them like a
 * form: 'on' / 'true' / true is true; absent, '' or 'false' is false (an unchecked box is absent).
 * The API's default differs: `normalizeBikeInput` (API bodies only) sets an absent or null
 * `available` to true before validation. So the editor passes its FormData straight to
 * `parseWithZod(formData, { schema: bikeWriteSchema, disableAutoCoercion: true })` and must render
 * `available` as a checkbox checked by default for a new bike; it must NOT call the normalize function.
 *
 * Blank gallery entries (after trimming) are dropped on save.
 *
 * Client-safe: no server imports.
 */
import { z } from 'zod';
import { DISPLAY_TAGS, GEAR_TYPES } from '~/lib/constants';
import {
  CATALOG_LIMITS,
  checkboxField,
  choiceField,
  dailyRateField,
  displayFieldShape,
  RATING_RULE_WHEN,
  ratingRule,
  imageListField,
  imageUrlField,
  requiredField,
  textField,
  withBooleanDefaults,
} from './catalog-fields';
import { normalizeInputNames } from './input-names';

const L = CATALOG_LIMITS;

/** Bike specifications, free texts such as '196 kg', '17 L', '825 mm'. */
export const bikeSpecificationsSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? {} : v),
  z.object(
    {
      weight: textField(L.shortText),
      fuelCapacity: textField(L.shortText),
      seatHeight: textField(L.shortText),
      groundClearance: textField(L.shortText),
    },
    { error: 'Must be an object' },
  ),
);

/**
 * A bike as the admin saves it (create and full update). Model and daily rate are required ('This
 * field is required'); the daily rate is rupees >= 0 ('Enter a number of rupees, 0 or more'; JSON
 * null = contact for price); gearType is manual or automatic (default manual); features are one
 * comma-separated text; category is free text.
 */
export const bikeWriteSchema = z
  .object({
    model: requiredField(L.title),
    description: textField(L.description),
    imageUrl: imageUrlField(),
    dailyRate: dailyRateField(),
    engineCapacity: textField(L.shortText),
    maxSpeed: textField(L.shortText),
    available: checkboxField(),
    features: textField(L.features),
    category: textField(L.shortText),
    gearType: choiceField(GEAR_TYPES, 'manual', `Choose one of: ${GEAR_TYPES.join(', ')}`),
    gallery: imageListField(),
    specifications: bikeSpecificationsSchema,
    ...displayFieldShape(DISPLAY_TAGS),
  })
  .superRefine(ratingRule, RATING_RULE_WHEN);

/** A validated bike, ready for `createBike` / `updateBike`. */
export type BikeWriteInput = z.infer<typeof bikeWriteSchema>;

const BIKE_ALIASES: Record<string, string> = { image: 'imageUrl', reviews: 'reviewCount', discount: 'discountLabel', transmission: 'gearType' };

/**
 * An API body (JSON) with snake_case or camelCase names, top-level and nested (`daily_rate`,
 * `image_url`, `engine_capacity`, `max_speed`, `gear_type`, `specifications.fuel_capacity`,
 * `seat_height`, `ground_clearance`, `review_count`, `discount_label`) as the schema's names
 * (camelCase wins when both are sent), with the API default `available: true` when absent or null.
 * For API bodies only: form data goes to the schema as it is.
 */
export function normalizeBikeInput(body: Record<string, unknown>): Record<string, unknown> {
  return withBooleanDefaults(normalizeInputNames(body, { aliases: BIKE_ALIASES, nested: true }), { available: true });
}
