/**
 * JSON API helpers (docs/decisions/009-rest-api.md): the error shape `{ error, issues }` (from
 * errors.server.ts), query-string parsing with zod, the JSON body reader (64 KB), list responses as
 * bare arrays with an `X-Total-Count` header.
 */
import { data } from 'react-router';
import { z } from 'zod';
import { apiError, zodIssues, type Issue } from './errors.server';
import { shortReference } from './ids';

/** The error shape and its helpers live in errors.server.ts; re-exported for the API routes. */
export { apiError };
export type ApiIssue = Issue;

/** Longest query string the API reads; longer ones answer 400. */
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
  if (!result.success) throw apiError(400, 'Invalid query parameters', zodIssues(result.error));
  return result.data;
}

/** Paging parameters shared by every list endpoint. */
export const pagingSchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** A bare JSON array with the total in `X-Total-Count` (docs/decisions/009-rest-api.md). */
export function listResponse<T>(items: T[], total: number) {
  return data(items, { headers: { 'X-Total-Count': String(total), 'Cache-Control': 'no-store' } });
}

/**
 * A booking or inquiry as the API answers it (docs/decisions/009-rest-api.md#output): the row in
 * camelCase plus its short `reference` ('A1B2C3').
 */
export function withReference<T extends { id: string }>(row: T): T & { reference: string } {
  return { ...row, reference: shortReference(row.id) };
}

/** 404 `{ error }` for an unknown record. */
export function notFound(entity: string): Response {
  return apiError(404, `${entity} not found`);
}

/** Largest JSON body the API reads (64 KB, docs/decisions/036-errors-and-body-limits.md); larger answers 413. */
export const MAX_JSON_BYTES = 64 * 1024;

/**
 * True for `application/json` (with any parameters). A body without a content type is not JSON: it
 * answers 415 (docs/decisions/045-security-round-two.md, section 1).
 */
export function isJsonContentType(contentType: string): boolean {
  return contentType.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/**
 * Read at most `max` bytes of the body, as the bytes sent (a signature over the raw body needs them
 * unchanged). Throws a 413 `{error, issues}` Response when the declared or the actual size is
 * larger (the stream is cancelled, never buffered beyond `max`).
 */
export async function readBodyBytes(request: Request, max: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > max) throw apiError(413, `Request body too large (limit ${max} bytes)`);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw apiError(413, `Request body too large (limit ${max} bytes)`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Read at most `max` bytes of the body as UTF-8 text. Throws a 413 `{error, issues}` Response when
 * the declared or the actual size is larger (see `readBodyBytes`).
 */
export async function readBodyText(request: Request, max: number): Promise<string> {
  return new TextDecoder('utf-8', { fatal: false }).decode(await readBodyBytes(request, max));
}

/**
 * The body as a JSON object. Throws `{error, issues}` Responses: 415 for a content type other than
 * application/json, 413 beyond `max` bytes, 400 for malformed JSON or a value that is not an object.
 */
export async function readJsonBody(request: Request, max = MAX_JSON_BYTES): Promise<Record<string, unknown>> {
  if (!isJsonContentType(request.headers.get('content-type') ?? '')) {
    throw apiError(415, 'Send JSON (application/json)');
  }
  const text = await readBodyText(request, max);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw apiError(400, 'Malformed JSON', [{ path: '', message: 'The body is not valid JSON' }]);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw apiError(400, 'Expected a JSON object', [{ path: '', message: 'The body must be a JSON object' }]);
  }
  return parsed as Record<string, unknown>;
}

/** 405 `{error}` with the `Allow` header listing the methods the resource accepts. */
export function methodNotAllowed(allow: string): Response {
  return apiError(405, 'Method not allowed', [], { Allow: allow });
}
