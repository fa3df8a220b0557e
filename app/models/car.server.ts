/**
 * Cars and cabs (docs/product.md, catalogue): the public list with search and category filter, the
 * detail, and the admin side: the admin list and create / update / delete with input already
 * validated by `carWriteSchema` (app/schemas/car.ts).
 */
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { signalPublicWrite } from '~/lib/public-content.server';
import { cars, type Car } from '~/db/schema';
import type { CarFilter } from '~/lib/constants';
import { isUuid } from '~/lib/ids';
import type { CarWriteInput } from '~/schemas/car';
import { catalogAuditEntry, createdChanges, diffChanges, withAudit, type AuditActor } from './audit.server';
import { containsAny, selectPage, type Page, type Paging } from './query.server';

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
  const rows = db()
    .select()
    .from(cars)
    .where(where)
    .orderBy(...carOrder)
    .$dynamic();
  return selectPage(rows, { table: cars, where }, query);
}

/** The car, or null when the id is unknown or not a UUID. */
export async function getCar(id: string): Promise<Car | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(cars).where(eq(cars.id, id));
  return row ?? null;
}

/** Id and model of every car, for the inquiry dialog's cab type select. */
export async function listCarOptions(): Promise<{ id: string; model: string }[]> {
  return db()
    .select({ id: cars.id, model: cars.model })
    .from(cars)
    .orderBy(...carOrder);
}

/** Id, model and number plate of every car, for the booking page's driver and vehicle form. */
export async function listFleetOptions(): Promise<{ id: string; model: string; registrationNumber: string }[]> {
  return db().select({ id: cars.id, model: cars.model, registrationNumber: cars.registrationNumber }).from(cars).orderBy(asc(cars.model), asc(cars.id));
}

/** Query of the admin car list: `q` is a substring of the model, any case. */
export type AdminCarQuery = Paging & { q?: string };

/** One page of cars for the admin table, newest first, searched by model, and the total. */
export async function listCarsForAdmin(query: AdminCarQuery = {}): Promise<Page<Car>> {
  const where = containsAny(query.q, [cars.model]);
  const rows = db().select().from(cars).where(where).orderBy(desc(cars.createdAt), desc(cars.id)).$dynamic();
  return selectPage(rows, { table: cars, where }, query);
}

/**
 * Store a new car (input validated by `carWriteSchema`) and return the saved row. With `actor`
 * (an admin page or the admin API), the audit entry 'Created car …' with the fields given a value
 * is written in the same transaction (docs/decisions/017-audit-log.md).
 */
export async function createCar(input: CarWriteInput, actor?: AuditActor): Promise<Car> {
  return signalPublicWrite(
    'car',
    withAudit(actor, async (executor) => {
      const [row] = await executor.insert(cars).values(input).returning();
      return { result: row!, entry: catalogAuditEntry('create', 'car', row!.id, row!.model, createdChanges(row!, Object.keys(input))) };
    }),
  );
}

/**
 * Replace every editable field of the car (a full update; input validated by `carWriteSchema`).
 * Returns the saved row, or null when the id is unknown or not a UUID. With `actor`, the audit entry
 * 'Updated car …' with the before and after of the fields that changed is written in the same
 * transaction.
 */
export async function updateCar(id: string, input: CarWriteInput, actor?: AuditActor): Promise<Car | null> {
  if (!isUuid(id)) return null;
  return signalPublicWrite(
    'car',
    withAudit(actor, async (executor) => {
      const [before] = actor ? await executor.select().from(cars).where(eq(cars.id, id)).for('update') : [];
      const [row] = await executor.update(cars).set(input).where(eq(cars.id, id)).returning();
      if (!row) return { result: null, entry: null };
      return { result: row, entry: catalogAuditEntry('update', 'car', id, row.model, diffChanges(before ?? null, row, Object.keys(input))) };
    }),
  );
}

/**
 * Delete the car; false when the id is unknown or not a UUID. Bookings and inquiries that pointed
 * to it stay, with the reference set to NULL and the car's model kept in their own columns.
 * With `actor`, the audit entry 'Deleted car …' (with the model) is written in the same transaction.
 */
export async function deleteCar(id: string, actor?: AuditActor): Promise<boolean> {
  if (!isUuid(id)) return false;
  return signalPublicWrite(
    'car',
    withAudit(actor, async (executor) => {
      const [row] = await executor.delete(cars).where(eq(cars.id, id)).returning({ id: cars.id, model: cars.model });
      if (!row) return { result: false, entry: null };
      return { result: true, entry: catalogAuditEntry('delete', 'car', id, row.model, diffChanges({ model: row.model }, null)) };
    }),
  );
}
