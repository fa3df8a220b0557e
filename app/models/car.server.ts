/**
 * Cars and cabs (spec sections 2 and 3): the list with search and category filter, and the detail.
 */
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { cars, type Car } from '~/db/schema';
import type { CarFilter } from '~/lib/constants';
import { isUuid } from '~/lib/ids';
import { containsAny, type Page } from './query.server';

export type CarQuery = {
  /** Substring of the model, location or description, any case. */
  q?: string;
  category?: CarFilter;
  limit?: number;
  offset?: number;
};

function carConditions({ q, category }: CarQuery): SQL | undefined {
  const conditions = [containsAny(q, [cars.model, cars.location, cars.description])];
  if (category && category !== 'all') conditions.push(eq(cars.category, category));
  return and(...conditions);
}

const carOrder = [desc(cars.featured), asc(cars.createdAt), asc(cars.id)];

/** One page of cars matching the query, featured first then oldest first, and the total. */
export async function listCars(query: CarQuery = {}): Promise<Page<Car>> {
  const where = carConditions(query);
  const [items, [totalRow]] = await Promise.all([
    db()
      .select()
      .from(cars)
      .where(where)
      .orderBy(...carOrder)
      .limit(query.limit ?? 100)
      .offset(query.offset ?? 0),
    db().select({ n: count() }).from(cars).where(where),
  ]);
  return { items, total: totalRow?.n ?? 0 };
}

/** The car, or null when the id is unknown or not a UUID. */
export async function getCar(id: string): Promise<Car | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(cars).where(eq(cars.id, id));
  return row ?? null;
}

/** Id and model of every car, for the inquiry dialog's cab type select. */
export async function listCarOptions(): Promise<{ id: string; model: string }[]> {
  return db().select({ id: cars.id, model: cars.model }).from(cars).orderBy(...carOrder);
}
