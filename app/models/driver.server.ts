/**
 * Drivers (docs/decisions/048-trip-operations.md): the admin list at /admin/drivers and its
 * create / update / delete, input already validated by `driverWriteSchema` (app/schemas/driver.ts).
 * Every write with an actor records its audit entry in the same transaction, like the catalogue's.
 */
import { asc, desc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { drivers, type Driver } from '~/db/schema';
import { isUuid } from '~/lib/ids';
import type { DriverWriteInput } from '~/schemas/driver';
import { catalogAuditEntry, createdChanges, diffChanges, withAudit, type AuditActor } from './audit.server';
import { containsAny, selectPage, type Page, type Paging } from './query.server';

/** Query of the admin driver list: `q` is a substring of the name, phone or licence number, any case. */
export type AdminDriverQuery = Paging & { q?: string };

/** One page of drivers for the admin table, newest first, and the total. */
export async function listDriversForAdmin(query: AdminDriverQuery = {}): Promise<Page<Driver>> {
  const where = containsAny(query.q, [drivers.name, drivers.phone, drivers.licenceNumber]);
  const rows = db().select().from(drivers).where(where).orderBy(desc(drivers.createdAt), desc(drivers.id)).$dynamic();
  return selectPage(rows, { table: drivers, where }, query);
}

/** Every driver by name, for the assignment form's select. */
export async function listDriverOptions(): Promise<Pick<Driver, 'id' | 'name' | 'licenceExpiresOn'>[]> {
  return db()
    .select({ id: drivers.id, name: drivers.name, licenceExpiresOn: drivers.licenceExpiresOn })
    .from(drivers)
    .orderBy(asc(drivers.name), asc(drivers.id));
}

/** The driver, or null when the id is unknown or not a UUID. */
export async function getDriver(id: string): Promise<Driver | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(drivers).where(eq(drivers.id, id));
  return row ?? null;
}

/** Store a new driver; with `actor`, 'Created driver …' is recorded in the same transaction. */
export async function createDriver(input: DriverWriteInput, actor?: AuditActor): Promise<Driver> {
  return withAudit(actor, async (executor) => {
    const [row] = await executor.insert(drivers).values(input).returning();
    return { result: row!, entry: catalogAuditEntry('create', 'driver', row!.id, row!.name, createdChanges(row!, Object.keys(input))) };
  });
}

/** Replace the driver's fields; null when the id is unknown. With `actor`, 'Updated driver …' and what changed. */
export async function updateDriver(id: string, input: DriverWriteInput, actor?: AuditActor): Promise<Driver | null> {
  if (!isUuid(id)) return null;
  return withAudit(actor, async (executor) => {
    const [before] = actor ? await executor.select().from(drivers).where(eq(drivers.id, id)).for('update') : [];
    const [row] = await executor.update(drivers).set(input).where(eq(drivers.id, id)).returning();
    if (!row) return { result: null, entry: null };
    return { result: row, entry: catalogAuditEntry('update', 'driver', id, row.name, diffChanges(before ?? null, row, Object.keys(input))) };
  });
}

/**
 * Delete the driver; false when the id is unknown. A driver with trip assignments cannot be deleted
 * (the foreign key restricts it: the database error reaches the caller, which shows 'Failed to
 * delete driver'); remove their assignments first.
 */
export async function deleteDriver(id: string, actor?: AuditActor): Promise<boolean> {
  if (!isUuid(id)) return false;
  return withAudit(actor, async (executor) => {
    const [row] = await executor.delete(drivers).where(eq(drivers.id, id)).returning({ id: drivers.id, name: drivers.name });
    if (!row) return { result: false, entry: null };
    return { result: true, entry: catalogAuditEntry('delete', 'driver', id, row.name, diffChanges({ name: row.name }, null)) };
  });
}
