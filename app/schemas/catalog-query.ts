/**
 * Query strings of the catalogue lists (/packages, /bikes, /cars and their API;
 * docs/product.md#catalogue-rules). Unknown filter values are refused by the API (400) and treated
 * as 'all' by the pages. The pages page with `?page=` (24 items a page); the API pages with `limit`
 * and `offset` (docs/decisions/009-rest-api.md).
 */
import { z } from 'zod';
import { BIKE_FILTERS, CAR_FILTERS, PACKAGE_FILTERS } from '~/lib/constants';

export const searchTerm = z.string().trim().max(100, 'At most 100 characters').optional();

export const packageQuerySchema = z.object({ q: searchTerm, category: z.enum(PACKAGE_FILTERS).optional() });
export const bikeQuerySchema = z.object({ q: searchTerm, filter: z.enum(BIKE_FILTERS).optional() });
export const carQuerySchema = z.object({ q: searchTerm, category: z.enum(CAR_FILTERS).optional() });

/** Items on one page of a catalogue list (docs/product.md#catalogue-rules: paginate beyond 24). */
export const PAGE_SIZE = 24;
/** Highest page number a list page accepts; anything above is treated as past the end. */
export const MAX_PAGE = 10_000;

const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE).optional();

/** The lenient form of each schema: every field falls back to undefined. Built once per schema. */
const lenientSchemas = new WeakMap<z.ZodObject, z.ZodObject>();
/** Each list schema with its `page` field. Built once per schema. */
const listSchemas = new WeakMap<z.ZodObject, z.ZodObject>();

function lenientOf(schema: z.ZodObject): z.ZodObject {
  let lenient = lenientSchemas.get(schema);
  if (!lenient) {
    lenient = z.object(Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, (field as z.ZodType).catch(undefined)])));
    lenientSchemas.set(schema, lenient);
  }
  return lenient;
}

/** Read a page's query leniently: a bad value falls back to no filter instead of an error. */
export function readPageQuery<S extends z.ZodObject>(request: Request, schema: S): z.infer<S> {
  const url = new URL(request.url);
  const raw = Object.fromEntries([...url.searchParams].map(([k, v]) => [k, v.slice(0, 500)]));
  return lenientOf(schema).parse(raw) as z.infer<S>;
}

/**
 * Read a list page's query leniently, with its page number (default 1) and the matching
 * `limit` / `offset` for the model layer.
 */
export function readListQuery<S extends z.ZodObject>(request: Request, schema: S): z.infer<S> & { page: number; limit: number; offset: number } {
  let withPage = listSchemas.get(schema);
  if (!withPage) {
    withPage = schema.extend({ page: pageNumber });
    listSchemas.set(schema, withPage);
  }
  const query = readPageQuery(request, withPage) as z.infer<S> & { page?: number };
  const page = query.page ?? 1;
  return { ...query, page, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
}

/** Number of pages for `total` items (at least 1, so an empty list is 'page 1 of 1'). */
export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
