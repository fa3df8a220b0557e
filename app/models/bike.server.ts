/**
 * Bikes for rent (docs/product.md, catalogue): the public list with search and the availability /
 * engine filter, the detail, and the admin side: the admin list and create / update / delete with
 * input already validated by `bikeWriteSchema` (app/schemas/bike.ts).
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { signalPublicWrite } from '~/lib/public-content.server';
import { bikes, type Bike } from '~/db/schema';
import type { BikeFilter } from '~/lib/constants';
import { isUuid } from '~/lib/ids';
import type { BikeWriteInput } from '~/schemas/bike';
import { catalogAuditEntry, createdChanges, diffChanges, withAudit, type AuditActor } from './audit.server';
import { containsAny, selectPage, type Page, type Paging } from './query.server';

export type BikeQuery = {
  /** Substring of the model or description, any case. */
  q?: string;
  /** available / unavailable, or an engine capacity matched in the capacity text. */
  filter?: BikeFilter;
  limit?: number;
  offset?: number;
};

/**
 * The engine capacity text names this number of cc: '450cc', '450 CC', 'Himalayan 450cc' match 450,
 * while '1450cc' or '452cc' do not (docs/decisions/027-filters-and-search.md: the filter reads
 * the capacity text).
 */
function engineCapacityIs(cc: string): SQL {
  return sql`${bikes.engineCapacity} ~* ${`(^|[^0-9])${cc}([^0-9]|$)`}`;
}

function bikeConditions({ q, filter }: BikeQuery): SQL | undefined {
  const conditions = [containsAny(q, [bikes.model, bikes.description])];
  if (filter === 'available') conditions.push(eq(bikes.available, true));
  else if (filter === 'unavailable') conditions.push(eq(bikes.available, false));
  else if (filter === '450cc' || filter === '350cc') conditions.push(engineCapacityIs(filter.slice(0, 3)));
  return and(...conditions);
}

const bikeOrder = [desc(bikes.featured), asc(bikes.createdAt), asc(bikes.id)];

/** One page of bikes matching the query, featured first then oldest first, and the total. */
export async function listBikes(query: BikeQuery = {}): Promise<Page<Bike>> {
  const where = bikeConditions(query);
  const rows = db()
    .select()
    .from(bikes)
    .where(where)
    .orderBy(...bikeOrder)
    .$dynamic();
  return selectPage(rows, { table: bikes, where }, query);
}

/** The bike, or null when the id is unknown or not a UUID. */
export async function getBike(id: string): Promise<Bike | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(bikes).where(eq(bikes.id, id));
  return row ?? null;
}

/** Id and model of every bike, for the inquiry dialog's bike type select. */
export async function listBikeOptions(): Promise<{ id: string; model: string }[]> {
  return db()
    .select({ id: bikes.id, model: bikes.model })
    .from(bikes)
    .orderBy(...bikeOrder);
}

/** Query of the admin bike list: `q` is a substring of the model, any case. */
export type AdminBikeQuery = Paging & { q?: string };

/** One page of bikes for the admin table, newest first, searched by model, and the total. */
export async function listBikesForAdmin(query: AdminBikeQuery = {}): Promise<Page<Bike>> {
  const where = containsAny(query.q, [bikes.model]);
  const rows = db().select().from(bikes).where(where).orderBy(desc(bikes.createdAt), desc(bikes.id)).$dynamic();
  return selectPage(rows, { table: bikes, where }, query);
}

/**
 * Store a new bike (input validated by `bikeWriteSchema`) and return the saved row. With `actor`
 * (an admin page or the admin API), the audit entry 'Created bike …' with the fields given a value
 * is written in the same transaction (docs/decisions/017-audit-log.md).
 */
export async function createBike(input: BikeWriteInput, actor?: AuditActor): Promise<Bike> {
  return signalPublicWrite(
    'bike',
    withAudit(actor, async (executor) => {
      const [row] = await executor.insert(bikes).values(input).returning();
      return { result: row!, entry: catalogAuditEntry('create', 'bike', row!.id, row!.model, createdChanges(row!, Object.keys(input))) };
    }),
  );
}

/**
 * Replace every editable field of the bike (a full update; input validated by `bikeWriteSchema`).
 * Returns the saved row, or null when the id is unknown or not a UUID. With `actor`, the audit entry
 * 'Updated bike …' with the before and after of the fields that changed is written in the same
 * transaction.
 */
export async function updateBike(id: string, input: BikeWriteInput, actor?: AuditActor): Promise<Bike | null> {
  if (!isUuid(id)) return null;
  return signalPublicWrite(
    'bike',
    withAudit(actor, async (executor) => {
      const [before] = actor ? await executor.select().from(bikes).where(eq(bikes.id, id)).for('update') : [];
      const [row] = await executor.update(bikes).set(input).where(eq(bikes.id, id)).returning();
      if (!row) return { result: null, entry: null };
      return { result: row, entry: catalogAuditEntry('update', 'bike', id, row.model, diffChanges(before ?? null, row, Object.keys(input))) };
    }),
  );
}

/**
 * Delete the bike; false when the id is unknown or not a UUID. Bookings and inquiries that pointed
 * to it stay, with the reference set to NULL and the bike's model kept in their own columns.
 * With `actor`, the audit entry 'Deleted bike …' (with the model) is written in the same transaction.
 */
export async function deleteBike(id: string, actor?: AuditActor): Promise<boolean> {
  if (!isUuid(id)) return false;
  return signalPublicWrite(
    'bike',
    withAudit(actor, async (executor) => {
      const [row] = await executor.delete(bikes).where(eq(bikes.id, id)).returning({ id: bikes.id, model: bikes.model });
      if (!row) return { result: false, entry: null };
      return { result: true, entry: catalogAuditEntry('delete', 'bike', id, row.model, diffChanges({ model: row.model }, null)) };
    }),
  );
}
