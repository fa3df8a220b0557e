/**
 * Bikes for rent (spec sections 2 and 3): the list with search and the availability / engine filter,
 * and the detail.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bikes, type Bike } from '~/db/schema';
import type { BikeFilter } from '~/lib/constants';
import { isUuid } from '~/lib/ids';
import { containsAny, type Page } from './query.server';

export type BikeQuery = {
  /** Substring of the model or description, any case. */
  q?: string;
  /** available / unavailable, or an engine capacity matched in the capacity text (D11). */
  filter?: BikeFilter;
  limit?: number;
  offset?: number;
};

/**
 * The engine capacity text names this number of cc: '450cc', '450 CC', 'Himalayan 450cc' match 450,
 * while '1450cc' or '452cc' do not (D11: the filter reads the capacity text).
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
  const [items, [totalRow]] = await Promise.all([
    db()
      .select()
      .from(bikes)
      .where(where)
      .orderBy(...bikeOrder)
      .limit(query.limit ?? 100)
      .offset(query.offset ?? 0),
    db().select({ n: count() }).from(bikes).where(where),
  ]);
  return { items, total: totalRow?.n ?? 0 };
}

/** The bike, or null when the id is unknown or not a UUID. */
export async function getBike(id: string): Promise<Bike | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(bikes).where(eq(bikes.id, id));
  return row ?? null;
}

/** Id and model of every bike, for the inquiry dialog's bike type select. */
export async function listBikeOptions(): Promise<{ id: string; model: string }[]> {
  return db().select({ id: bikes.id, model: bikes.model }).from(bikes).orderBy(...bikeOrder);
}
