/**
 * The write schema of a tour package: one schema for the admin editor (Conform form data), the admin
 * API (POST /api/packages, PUT /api/packages/:id) and the seed. Rules: docs/product.md (admin package
 * validation) and docs/decisions/009-rest-api.md.
 *
 * Form field names are the camelCase names below, nested as Conform writes them:
 * `highlights[0]`, `itinerary[1].day`, `itinerary[1].activities[0]`, `accommodation[0].nights`,
 * `gallery[2]`. Every value may be a string (form) or a typed JSON value (API).
 *
 * Booleans (form vs JSON): `featured` is a checkbox: 'on' / 'true' / true is true; absent, '' or
 * 'false' is false. For a package that is also the API default, so `normalizePackageInput` adds none.
 *
 * Blank entries of every list (after trimming) are dropped on save; an itinerary day whose title,
 * description, activities, meals and stay are all blank is dropped (its day number alone does not
 * keep it), and so is an accommodation row whose location, hotel and category are all blank.
 *
 * Client-safe: no server imports.
 */
import { z } from 'zod';
import { DISPLAY_TAGS, PACKAGE_CATEGORIES } from '~/lib/constants';
import {
  allBlank,
  CATALOG_LIMITS,
  choiceField,
  displayFieldShape,
  RATING_RULE_WHEN,
  ratingRule,
  imageListField,
  imageUrlField,
  nullableTextField,
  optionalDateField,
  optionalWholeNumberField,
  priceField,
  requiredField,
  rowListField,
  textField,
  textListField,
  textWithDefault,
  wholeNumberField,
} from './catalog-fields';
import { isCalendarDate } from '~/lib/calendar-date';
import { normalizeInputNames } from './input-names';

const L = CATALOG_LIMITS;

/** A permit's identifier as settings `permits.types` write it; '' or absent reads as none. */
const PERMIT_ID = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
const PERMIT_ID_MESSAGE = 'Choose a permit from the list';

function permitIdField() {
  return z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : (v ?? undefined)), z.string().regex(PERMIT_ID, PERMIT_ID_MESSAGE).optional());
}

/**
 * The permits a package needs (docs/decisions/050-permits-and-manifests.md#permits-in-settings-and-on-packages):
 * ids of settings `permits.types`, from a form's checkboxes (none ticked: absent; one: a string) or a
 * JSON list; each once, at most 20.
 */
function permitIdsField() {
  return z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : typeof v === 'string' ? [v] : v),
    z
      .array(z.string().trim().regex(PERMIT_ID, PERMIT_ID_MESSAGE))
      .max(20, 'At most 20 permits')
      .transform((ids) => [...new Set(ids)]),
  );
}

/**
 * One day of the itinerary: title, description, activities, meals, stay. Its day number is its place
 * in the list: whatever a form or the API sends as `day` is ignored and the days are numbered 1..n
 * in order (`packageWriteSchema`), so the public itinerary always reads Day 1, 2, 3...
 */
export const itineraryDaySchema = z.object({
  day: z.unknown().transform(() => 1),
  title: textField(L.title),
  description: textField(L.description),
  activities: textListField(L.shortText, 50),
  meals: textField(L.shortText),
  stay: textField(L.shortText),
  /**
   * The permit area visited that day (an id of settings `permits.types`), if any: makes the
   * closed-day check and the manifest exact (docs/decisions/050-permits-and-manifests.md#closed-days).
   * Blank or absent: none (the key is then left out).
   */
  permitId: permitIdField().optional(),
});

/** One stay of the accommodation plan: nights and rooms whole numbers >= 0 (blank → 0). */
export const accommodationStaySchema = z.object({
  location: textField(L.shortText),
  hotel: textField(L.shortText),
  nights: wholeNumberField({ min: 0, max: 365, fallback: 0, message: 'Enter a whole number of nights, 0 or more' }),
  category: textField(L.shortText),
  rooms: wholeNumberField({ min: 0, max: 500, fallback: 0, message: 'Enter a whole number of rooms, 0 or more' }),
});

/**
 * A package as the admin saves it (create and full update). Title and description are required
 * ('This field is required'); price is rupees >= 0 ('' → 0, shown as 'Contact for Price'); category
 * defaults to 'adventure', people to '2-12 People'; startDate / endDate are 'YYYY-MM-DD' or null and
 * endDate may not be before startDate (issue on `endDate`); maxPersons is a whole number > 0 or null.
 */
export const packageWriteSchema = z
  .object({
    title: requiredField(L.title),
    description: requiredField(L.description),
    overview: textField(L.description),
    imageUrl: imageUrlField(),
    duration: textField(L.shortText),
    price: priceField(),
    location: textField(L.shortText),
    category: choiceField(PACKAGE_CATEGORIES, 'adventure', `Choose one of: ${PACKAGE_CATEGORIES.join(', ')}`),
    people: textWithDefault(L.shortText, '2-12 People'),
    highlights: textListField(),
    itinerary: rowListField(itineraryDaySchema, (row) => allBlank(row, ['title', 'description', 'activities', 'meals', 'stay']), L.itineraryDays).transform(
      // A day without a permit area carries no `permitId` key at all (stored JSON as before).
      (days) => days.map(({ permitId, ...day }, index) => ({ ...day, day: index + 1, ...(permitId ? { permitId } : {}) })),
    ),
    inclusions: textListField(),
    exclusions: textListField(),
    gallery: imageListField(),
    startDate: optionalDateField(),
    endDate: optionalDateField(),
    maxPersons: optionalWholeNumberField({ min: 1, max: 10_000, message: 'Enter a whole number, 1 or more' }),
    registrationNumber: nullableTextField(L.shortText),
    termsAndConditions: textListField(),
    accommodation: rowListField(accommodationStaySchema, (row) => allBlank(row, ['location', 'hotel', 'category']), L.accommodationRows),
    vehicleType: nullableTextField(L.shortText),
    locations: textListField(L.shortText),
    permitIds: permitIdsField(),
    permitDocumentsDaysBefore: wholeNumberField({ min: 1, max: 90, fallback: 10, message: 'Enter a whole number of days from 1 to 90' }),
    ...displayFieldShape(DISPLAY_TAGS),
  })
  .superRefine(
    (value, ctx) => {
      if (value.startDate && value.endDate && value.endDate < value.startDate) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date cannot be before the start date' });
      }
    },
    // Also checked when other fields have issues, so the editor marks every wrong field at once.
    { when: ({ value }) => bothDates(value) },
  )
  .superRefine(ratingRule, RATING_RULE_WHEN);

function bothDates(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const { startDate, endDate } = value as { startDate?: unknown; endDate?: unknown };
  return typeof startDate === 'string' && typeof endDate === 'string' && isCalendarDate(startDate) && isCalendarDate(endDate);
}

/** A validated package, ready for `createPackage` / `updatePackage`. */
export type PackageWriteInput = z.infer<typeof packageWriteSchema>;

/** Other names the API accepts for package fields (besides snake_case). */
const PACKAGE_ALIASES: Record<string, string> = {
  about: 'overview',
  image: 'imageUrl',
  terms: 'termsAndConditions',
  reviews: 'reviewCount',
  discount: 'discountLabel',
};

/**
 * An API body with snake_case or camelCase names (top-level and nested: `image_url`, `max_persons`,
 * `start_date`, `terms_and_conditions`, `review_count`, `discount_label`, itinerary and accommodation
 * item keys) as the schema's camelCase names; camelCase wins when both are sent.
 */
export function normalizePackageInput(body: Record<string, unknown>): Record<string, unknown> {
  return normalizeInputNames(body, { aliases: PACKAGE_ALIASES, nested: true });
}

/** What a new package's inclusions list starts with in the editor. */
export const DEFAULT_INCLUSIONS: readonly string[] = [
  'Accommodation on twin sharing',
  'Daily breakfast and dinner at the hotels',
  'Private vehicle for all transfers and sightseeing as per the itinerary',
  'Pickup and drop at Bagdogra Airport or NJP station',
  'Permits for the protected areas on the route',
  'Driver allowance, fuel, parking and tolls',
  'Assistance from our Gangtok office throughout the trip',
];

/** What a new package's exclusions list starts with in the editor. */
export const DEFAULT_EXCLUSIONS: readonly string[] = [
  'Air or rail fare to Bagdogra / NJP',
  'Lunch, drinks and personal expenses',
  'Entry tickets, camera fees and ropeway tickets',
  'Travel insurance and medical expenses',
  'Costs from road closures, landslides or flight delays',
  'GST at 5%',
];
