/**
 * Every public URL for sitemap.xml (docs/decisions/012-seo-and-accessibility.md): the static pages
 * and each package, bike and car.
 */
import { asc } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { bikes, cars, tourPackages } from '~/db/schema';

export type SitemapEntry = { path: string; lastModified?: Date; priority: number };

/** Public pages that have no id (docs/product.md#public-routes). */
export const STATIC_PUBLIC_PATHS = [
  '/',
  '/about',
  '/packages',
  '/cars',
  '/bikes',
  '/rural-tourism',
  '/gallery',
  '/testimonials',
  '/contact',
  '/booking',
] as const;

export async function listSitemapEntries(): Promise<SitemapEntry[]> {
  const [packageRows, bikeRows, carRows] = await Promise.all([
    db().select({ id: tourPackages.id, updatedAt: tourPackages.updatedAt }).from(tourPackages).orderBy(asc(tourPackages.createdAt)),
    db().select({ id: bikes.id, updatedAt: bikes.updatedAt }).from(bikes).orderBy(asc(bikes.createdAt)),
    db().select({ id: cars.id, updatedAt: cars.updatedAt }).from(cars).orderBy(asc(cars.createdAt)),
  ]);
  return [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ path, priority: path === '/' ? 1 : 0.7 })),
    ...packageRows.map((r) => ({ path: `/packages/${r.id}`, lastModified: r.updatedAt, priority: 0.8 })),
    ...bikeRows.map((r) => ({ path: `/bikes/${r.id}`, lastModified: r.updatedAt, priority: 0.6 })),
    ...carRows.map((r) => ({ path: `/cars/${r.id}`, lastModified: r.updatedAt, priority: 0.6 })),
  ];
}
