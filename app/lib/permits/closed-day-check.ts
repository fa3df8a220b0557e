/**
 * The closed-day rule as a check on the Book Your Tour form's schema, so the form says it as the
 * visitor picks the date (docs/decisions/050-permits-and-manifests.md#closed-days), with the same
 * message the server refuses with. Client-safe; loaded with the form's rules only when the visitor
 * reaches for the form (docs/decisions/023-public-page-speed.md).
 */
import * as z from 'zod/mini';
import type { tourRequestSchema } from '~/schemas/booking';
import { closedDayClashes, closedDayRefusal, type PermitArea } from './closed-days';

/**
 * What the browser needs to know of a package whose itinerary tags a day with a permit that has
 * closed days: the permit of each itinerary day (null for none) and those permits.
 */
export type PackageClosedDays = { packageId: string; tags: (string | null)[]; areas: PermitArea[] };

/** `schema` with the closed-day check on `startDate` for the packages in `packages`. */
export function withClosedDayCheck(schema: typeof tourRequestSchema, packages: readonly PackageClosedDays[]): typeof tourRequestSchema {
  if (packages.length === 0) return schema;
  return schema.check(
    z.superRefine((value, ctx) => {
      const pkg = packages.find((p) => p.packageId === value.itemId);
      if (!pkg) return;
      const message = closedDayRefusal(
        closedDayClashes({
          permitIds: pkg.areas.map((a) => a.id),
          itinerary: pkg.tags.map((permitId) => ({ permitId })),
          startDate: value.startDate,
          areas: pkg.areas,
        }),
      );
      if (message) ctx.addIssue({ code: 'custom', message, path: ['startDate'], input: value.startDate });
    }),
  );
}
