/**
 * JSON API helpers (D7, D12): one error shape `{ error, issues }`, query-string parsing with zod,
 * list responses as bare arrays with an `X-Total-Count` header.
 */
import { data } from 'react-router';
import { z } from 'zod';

export type ApiIssue = { path: string; message: string };

/** A JSON error response: `{ error, issues }` with the given status. */
export function apiError(status: number, error: string, issues: ApiIssue[] = [], headers?: HeadersInit): Response {
  return Response.json({ error, issues }, { status, headers });
}

function toIssues(error: z.ZodError): ApiIssue[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** Longest query string the API reads; longer ones answer 414-like 400 (issue: foundation, bad input). */
export const MAX_QUERY_LENGTH = 2048;

/**
 * Parse the URL's query with `schema`. Throws a 400 `{error, issues}` Response naming the bad
 * parameters, so a loader can `const query = parseQuery(request, schema)` and never see bad input.
 */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const url = new URL(request.url);
  if (url.search.length > MAX_QUERY_LENGTH) {
    throw apiError(400, 'Query string too long', [{ path: '', message: `At most ${MAX_QUERY_LENGTH} characters` }]);
  }
  const raw: Record<string, string> = {};
  for (const [key, value] of url.searchParams) raw[key] = value;
  const result = schema.safeParse(raw);
  if (!result.success) throw apiError(400, 'Invalid query parameters', toIssues(result.error));
  return result.data;
}

/** Paging parameters shared by every list endpoint. */
export const pagingSchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** A bare JSON array with the total in `X-Total-Count` (spec section 7, D7). */
export function listResponse<T>(items: T[], total: number) {
  return data(items, { headers: { 'X-Total-Count': String(total), 'Cache-Control': 'no-store' } });
}

/** 404 `{ error }` for an unknown record. */
export function notFound(entity: string): Response {
  return apiError(404, `${entity} not found`);
}
