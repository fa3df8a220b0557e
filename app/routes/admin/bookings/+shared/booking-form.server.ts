/**
 * The item choices of the staff booking forms (/admin/bookings/new, /admin/bookings/:id/edit;
 * docs/product.md#bookings-and-inquiries): the packages (and 'Custom tour'), the bikes or the cars,
 * by name. A vehicle marked unavailable stays listed with '(unavailable)': choosing it is refused
 * with the public form's message, and a booking that already holds it shows it as chosen.
 */
import { asc } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bikes, cars } from '~/db/schema';
import type { BookingType } from '~/lib/constants';
import { listPackageOptions } from '~/models/package.server';
import { CUSTOM_TOUR, CUSTOM_TOUR_NAME } from '~/schemas/booking';
import type { SelectOption } from '~/components/admin/editor/fields';

/** The select's options for a booking of `type`: `{value: id, label}`, by name. */
export async function bookingItemOptions(type: BookingType): Promise<SelectOption[]> {
  if (type === 'package') {
    const packages = await listPackageOptions();
    return [...packages.map((p) => ({ value: p.id, label: p.title })), { value: CUSTOM_TOUR, label: CUSTOM_TOUR_NAME }];
  }
  const table = type === 'bike' ? bikes : cars;
  const rows = await db().select({ id: table.id, model: table.model, available: table.available }).from(table).orderBy(asc(table.model), asc(table.id));
  return rows.map((v) => ({ value: v.id, label: v.available ? v.model : `${v.model} (unavailable)` }));
}
