/**
 * Query strings of the catalogue lists (/packages, /bikes, /cars and their API), spec section 2 and D11.
 * Unknown filter values are refused by the API (400) and treated as 'all' by the pages.
 */
import { z } from 'zod';
import { BIKE_FILTERS, CAR_FILTERS, PACKAGE_FILTERS } from '~/lib/constants';

export const searchTerm = z.string().trim().max(100, 'At most 100 characters').optional();

export const packageQuerySchema = z.object({ q: searchTerm, category: z.enum(PACKAGE_FILTERS).optional() });
export const bikeQuerySchema = z.object({ q: searchTerm, filter: z.enum(BIKE_FILTERS).optional() });
export const carQuerySchema = z.object({ q: searchTerm, category: z.enum(CAR_FILTERS).optional() });

/** Read a page's query leniently: a bad value falls back to no filter instead of an error. */
export function readPageQuery<S extends z.ZodObject>(request: Request, schema: S): z.infer<S> {
  const url = new URL(request.url);
  const lenient = z.object(
    Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, (field as z.ZodType).catch(undefined)])),
  );
  const raw = Object.fromEntries([...url.searchParams].map(([k, v]) => [k, v.slice(0, 500)]));
  return lenient.parse(raw) as z.infer<S>;
}
