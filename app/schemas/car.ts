/**
 * The write schema of a car: one schema for the admin editor (Conform form data), the admin API
 * (POST /api/cars, PUT /api/cars/:id) and the seed. Rules: docs/product.md (admin bike and car
 * validation) and docs/decisions/009-rest-api.md.
 *
 * Form field names are the camelCase names below, nested as Conform writes them: `gallery[0]`,
 * `specifications.bootSpace`. Every value may be a string (form) or a typed JSON value (API).
 *
 * Booleans (form vs JSON): `available`, `ac` and `featured` are checkboxes. The schema reads them
 * like a form: 'on' / 'true' / true is true; absent, '' or 'false' is false (an unchecked box is
 * absent). The API's defaults differ: `normalizeCarInput` (API bodies only) sets an absent or null
 * `available` and `ac` to true before validation. So the editor passes its FormData straight to
 * `parseWithZod(formData, { schema: carWriteSchema, disableAutoCoercion: true })` and renders
 * `available` and `ac` as checkboxes checked by default for a new car; it must NOT call the
 * normalize function.
 *
 * Blank gallery entries (after trimming) are dropped on save.
 *
 * Client-safe: no server imports.
 */
import { z } from 'zod';
import { CAR_CATEGORIES, DISPLAY_TAGS, FUEL_TYPES, TRANSMISSIONS } from '~/lib/constants';
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
  textWithDefault,
  withBooleanDefaults,
} from './catalog-fields';
import { normalizeInputNames } from './input-names';

const L = CATALOG_LIMITS;

/** Car specifications, free texts such as '11 km/l', '55 L', '300 L', '2393 cc'. */
export const carSpecificationsSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? {} : v),
  z.object(
    {
      mileage: textField(L.shortText),
      fuelCapacity: textField(L.shortText),
      bootSpace: textField(L.shortText),
      engineSize: textField(L.shortText),
    },
    { error: 'Must be an object' },
  ),
);

/**
 * A car as the admin saves it (create and full update). Model and daily rate are required ('This
 * field is required'); the daily rate is rupees >= 0 ('Enter a number of rupees, 0 or more'; JSON
 * null = contact for price). Blank values take the defaults: capacity '4 Seater', category suv,
 * location Gangtok, transmission manual, fuelType petrol.
 */
export const carWriteSchema = z
  .object({
    model: requiredField(L.title),
    description: textField(L.description),
    imageUrl: imageUrlField(),
    dailyRate: dailyRateField(),
    capacity: textWithDefault(L.shortText, '4 Seater'),
    available: checkboxField(),
    features: textField(L.features),
    category: choiceField(CAR_CATEGORIES, 'suv', `Choose one of: ${CAR_CATEGORIES.join(', ')}`),
    location: textWithDefault(L.shortText, 'Gangtok'),
    transmission: choiceField(TRANSMISSIONS, 'manual', `Choose one of: ${TRANSMISSIONS.join(', ')}`),
    ac: checkboxField(),
    fuelType: choiceField(FUEL_TYPES, 'petrol', `Choose one of: ${FUEL_TYPES.join(', ')}`),
    /** The number plate, shown to the traveller with the driver (docs/decisions/048-trip-operations.md); '' when not given. */
    registrationNumber: textField(L.shortText),
    gallery: imageListField(),
    specifications: carSpecificationsSchema,
    ...displayFieldShape(DISPLAY_TAGS),
  })
  .superRefine(ratingRule, RATING_RULE_WHEN);

/** A validated car, ready for `createCar` / `updateCar`. */
export type CarWriteInput = z.infer<typeof carWriteSchema>;

const CAR_ALIASES: Record<string, string> = { image: 'imageUrl', reviews: 'reviewCount', discount: 'discountLabel' };

/**
 * An API body (JSON) with snake_case or camelCase names, top-level and nested (`daily_rate`,
 * `image_url`, `fuel_type`, `specifications.fuel_capacity`, `boot_space`, `engine_size`,
 * `review_count`, `discount_label`) as the schema's names (camelCase wins when both are sent), with
 * the API defaults `available: true` and `ac: true` when absent or null.
 * For API bodies only: form data goes to the schema as it is.
 */
export function normalizeCarInput(body: Record<string, unknown>): Record<string, unknown> {
  return withBooleanDefaults(normalizeInputNames(body, { aliases: CAR_ALIASES, nested: true }), { available: true, ac: true });
}
