/**
 * Tour packages (docs/product.md, catalogue): the public list with search and category filter, the
 * detail, the options used by forms, and the admin side: the admin list and create / update / delete
 * with input already validated by `packageWriteSchema` (app/schemas/package.ts). The search runs in
 * SQL (trigram-indexed ILIKE), never in JavaScript.
 */
import { and, asc, desc, eq, ne, type SQL } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { signalPublicWrite } from '~/lib/public-content.server';
import { tourPackages, type TourPackage } from '~/db/schema';
import type { PackageFilter } from '~/lib/constants';
import { isUuid } from '~/lib/ids';
import type { PackageWriteInput } from '~/schemas/package';
import { catalogAuditEntry, createdChanges, diffChanges, withAudit, type AuditActor } from './audit.server';
import { containsAny, selectPage, type Page, type Paging } from './query.server';

/** Columns of a package card and the admin table (no itinerary or long lists). */
export const packageSummaryColumns = {
  id: tourPackages.id,
  title: tourPackages.title,
  description: tourPackages.description,
  imageUrl: tourPackages.imageUrl,
  duration: tourPackages.duration,
  price: tourPackages.price,
  location: tourPackages.location,
  category: tourPackages.category,
  people: tourPackages.people,
  highlights: tourPackages.highlights,
  featured: tourPackages.featured,
  rating: tourPackages.rating,
  reviewCount: tourPackages.reviewCount,
  tag: tourPackages.tag,
  discountLabel: tourPackages.discountLabel,
  createdAt: tourPackages.createdAt,
  updatedAt: tourPackages.updatedAt,
};

export type PackageSummary = Pick<TourPackage, keyof typeof packageSummaryColumns>;

export type PackageQuery = {
  /** Substring of the title or location, any case. */
  q?: string;
  /** 'popular' means featured (docs/decisions/027-filters-and-search.md); 'all' or none: no filter. */
  category?: PackageFilter;
  limit?: number;
  offset?: number;
};

function packageConditions({ q, category }: PackageQuery): SQL | undefined {
  const conditions = [containsAny(q, [tourPackages.title, tourPackages.location])];
  if (category === 'popular') conditions.push(eq(tourPackages.featured, true));
  else if (category && category !== 'all') conditions.push(eq(tourPackages.category, category));
  return and(...conditions);
}

const packageOrder = [desc(tourPackages.featured), asc(tourPackages.createdAt), asc(tourPackages.id)];

/** One page of packages matching the query, featured first then oldest first, and the total. */
export async function listPackages(query: PackageQuery = {}): Promise<Page<PackageSummary>> {
  const where = packageConditions(query);
  const rows = db()
    .select(packageSummaryColumns)
    .from(tourPackages)
    .where(where)
    .orderBy(...packageOrder)
    .$dynamic();
  return selectPage(rows, { table: tourPackages, where }, query);
}

/** The whole package, or null when the id is unknown or not a UUID. */
export async function getPackage(id: string): Promise<TourPackage | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(tourPackages).where(eq(tourPackages.id, id));
  return row ?? null;
}

/** `limit` other packages for 'You May Also Like', featured first. */
export async function listRelatedPackages(id: string, limit = 2): Promise<PackageSummary[]> {
  return db()
    .select(packageSummaryColumns)
    .from(tourPackages)
    .where(isUuid(id) ? ne(tourPackages.id, id) : undefined)
    .orderBy(...packageOrder)
    .limit(limit);
}

/** Most packages the form selects list (the site layout sends them with every page). */
export const PACKAGE_OPTIONS_LIMIT = 100;

/**
 * Id and title of the packages for selects in the inquiry and booking forms, featured first, at
 * most `limit`: the layout ships them with every page, so a catalogue of 1,000 packages must not
 * make every page carry 1,000 titles. A package page preselects its own package.
 */
export async function listPackageOptions(limit = PACKAGE_OPTIONS_LIMIT): Promise<{ id: string; title: string }[]> {
  return db()
    .select({ id: tourPackages.id, title: tourPackages.title })
    .from(tourPackages)
    .orderBy(...packageOrder)
    .limit(limit);
}

/** Query of the admin package list: `q` is a substring of the title, any case. */
export type AdminPackageQuery = Paging & { q?: string };

/** One page of packages for the admin table, newest first, searched by title, and the total. */
export async function listPackagesForAdmin(query: AdminPackageQuery = {}): Promise<Page<PackageSummary>> {
  const where = containsAny(query.q, [tourPackages.title]);
  const rows = db().select(packageSummaryColumns).from(tourPackages).where(where).orderBy(desc(tourPackages.createdAt), desc(tourPackages.id)).$dynamic();
  return selectPage(rows, { table: tourPackages, where }, query);
}

/**
 * Store a new package (input validated by `packageWriteSchema`) and return the saved row. With `actor`
 * (an admin page or the admin API), the audit entry 'Created package …' with the fields given a value
 * is written in the same transaction (docs/decisions/017-audit-log.md).
 */
export async function createPackage(input: PackageWriteInput, actor?: AuditActor): Promise<TourPackage> {
  return signalPublicWrite(
    'package',
    withAudit(actor, async (executor) => {
      const [row] = await executor.insert(tourPackages).values(input).returning();
      return { result: row!, entry: catalogAuditEntry('create', 'package', row!.id, row!.title, createdChanges(row!, Object.keys(input))) };
    }),
  );
}

/**
 * Replace every editable field of the package (a full update; input validated by `packageWriteSchema`).
 * Returns the saved row, or null when the id is unknown or not a UUID. With `actor`, the audit entry
 * 'Updated package …' with the before and after of the fields that changed is written in the same
 * transaction.
 */
export async function updatePackage(id: string, input: PackageWriteInput, actor?: AuditActor): Promise<TourPackage | null> {
  if (!isUuid(id)) return null;
  return signalPublicWrite(
    'package',
    withAudit(actor, async (executor) => {
      const [before] = actor ? await executor.select().from(tourPackages).where(eq(tourPackages.id, id)).for('update') : [];
      const [row] = await executor.update(tourPackages).set(input).where(eq(tourPackages.id, id)).returning();
      if (!row) return { result: null, entry: null };
      return { result: row, entry: catalogAuditEntry('update', 'package', id, row.title, diffChanges(before ?? null, row, Object.keys(input))) };
    }),
  );
}

/**
 * Delete the package; false when the id is unknown or not a UUID. Bookings and inquiries that pointed
 * to it stay, with the reference set to NULL and the package's title kept in their own columns.
 * With `actor`, the audit entry 'Deleted package …' (with the title) is written in the same transaction.
 */
export async function deletePackage(id: string, actor?: AuditActor): Promise<boolean> {
  if (!isUuid(id)) return false;
  return signalPublicWrite(
    'package',
    withAudit(actor, async (executor) => {
      const [row] = await executor.delete(tourPackages).where(eq(tourPackages.id, id)).returning({ id: tourPackages.id, title: tourPackages.title });
      if (!row) return { result: false, entry: null };
      return { result: true, entry: catalogAuditEntry('delete', 'package', id, row.title, diffChanges({ title: row.title }, null)) };
    }),
  );
}
