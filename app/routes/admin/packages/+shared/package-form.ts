/**
 * What the package editor's form starts with, and its list rules, shared by the editor (browser)
 * and its action (server). Client-safe.
 */
import type { SubmissionResult } from '@conform-to/react';
import type { TourPackage } from '~/db/schema';
import { splitLines } from '~/components/admin/editor/form-data';
import { ratingFormValues } from '~/lib/rating';
import { DEFAULT_EXCLUSIONS, DEFAULT_INCLUSIONS } from '~/schemas/package';
import { closedDaysText } from '~/lib/permits/closed-days';
import type { Settings } from '~/schemas/settings';

/** Fields that must be filled (docs/product.md: a package needs a title and a description). */
export const PACKAGE_REQUIRED = ['title', 'description'] as const;

/** A list with at least one row (docs/product.md: list fields keep at least one row). */
function atLeastOne<T>(list: readonly T[] | null | undefined, empty: T): T[] {
  return list && list.length > 0 ? [...list] : [empty];
}

/**
 * The form's values for a new package: default inclusions and exclusions, one empty row per list,
 * no permits and the settings' default days before travel for the documents.
 */
export function newPackageValues(documentsDaysBefore = 10): Record<string, unknown> {
  return {
    permitIds: [],
    permitDocumentsDaysBefore: documentsDaysBefore,
    category: 'adventure',
    people: '2-12 People',
    highlights: [''],
    locations: [''],
    itinerary: [{ day: 1 }],
    accommodation: [{}],
    inclusions: [...DEFAULT_INCLUSIONS],
    exclusions: [...DEFAULT_EXCLUSIONS],
    termsAndConditions: [''],
    gallery: [''],
  };
}

/** The form's values for a stored package: its fields, every list with at least one row. */
export function packageValues(p: TourPackage): Record<string, unknown> {
  return {
    title: p.title,
    description: p.description,
    overview: p.overview,
    imageUrl: p.imageUrl,
    duration: p.duration,
    price: p.price,
    location: p.location,
    category: p.category,
    people: p.people,
    highlights: atLeastOne(p.highlights, ''),
    itinerary: atLeastOne<Record<string, unknown>>(p.itinerary, { day: 1 }),
    inclusions: atLeastOne(p.inclusions, ''),
    exclusions: atLeastOne(p.exclusions, ''),
    gallery: atLeastOne(p.gallery, ''),
    startDate: p.startDate,
    endDate: p.endDate,
    maxPersons: p.maxPersons,
    registrationNumber: p.registrationNumber,
    termsAndConditions: atLeastOne(p.termsAndConditions, ''),
    accommodation: atLeastOne<Record<string, unknown>>(p.accommodation, {}),
    vehicleType: p.vehicleType,
    locations: atLeastOne(p.locations, ''),
    permitIds: p.permitIds,
    permitDocumentsDaysBefore: p.permitDocumentsDaysBefore,
    featured: p.featured,
    tag: p.tag,
    ...ratingFormValues(p),
    discountLabel: p.discountLabel,
  };
}

/** An itinerary day's activities are typed one per line; the schema reads them as a list. */
const ACTIVITIES = /^itinerary\[\d+\]\.activities$/;

/** The form data as the write schema reads it (activities split into lines). */
export function preparePackageFormData(formData: FormData): FormData {
  return splitLines(formData, ACTIVITIES);
}

/** Itinerary rows with their days numbered 1..n in row order. */
export function renumberDays<T>(rows: readonly T[]): Record<string, unknown>[] {
  return rows.map((row, index) => ({ ...(row && typeof row === 'object' ? row : {}), day: String(index + 1) }));
}

/**
 * The answer to a list intent without JavaScript: after an itinerary row is removed, the days are
 * renumbered 1..n (docs/product.md: itinerary days renumbered after a removal), as the browser does.
 */
export function renumberAfterRemoval(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  const intent = result.intent;
  if (intent?.type !== 'remove' || intent.payload.name !== 'itinerary' || !result.initialValue) return result;
  const rows = result.initialValue.itinerary;
  if (!Array.isArray(rows)) return result;
  return { ...result, initialValue: { ...result.initialValue, itinerary: renumberDays(rows) as never } };
}

/** The permits of the settings as the editor's checkboxes and itinerary selects offer them. */
export function permitChoices(permits: Settings['permits']): { id: string; name: string; closedDays: string }[] {
  return permits.types.map((t) => ({ id: t.id, name: t.name, closedDays: closedDaysText(t.closedWeekdays) }));
}
