/**
 * `Idempotency-Key` on the public submission POSTs (docs/decisions/009-rest-api.md#idempotency-key).
 *
 * A client that may resend a submission (a timeout, a dropped connection, a server restart) sends
 * the same key with each attempt. The first attempt that stores a record also stores its answer
 * (status and JSON body) in `idempotency_keys`, in the record's own transaction: the two are
 * committed together or not at all. Later attempts with that key get the stored answer back with
 * `Idempotent-Replayed: true` and write nothing; two attempts arriving together are serialised by
 * the table's primary key (the second waits for the first to commit, then replays). The same key
 * with another body is refused with 422. Only stored records are remembered: a refused attempt
 * (4xx) stores nothing, so its retry is judged afresh. Keys expire after 24 hours.
 */
import { createHash } from 'node:crypto';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { idempotencyKeys } from '~/db/schema';
import { apiError } from '~/lib/errors.server';
import { logger } from '~/lib/logger.server';

/** The request header naming the key. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The response header set on a replayed answer (value 'true'). */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key is remembered (hours); older rows are deleted now and then. */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** 1-255 visible ASCII characters (no spaces, no control characters). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** One key of one endpoint, with the hash of the body it came with. */
export type IdempotencyClaim = { scope: string; key: string; requestHash: string };

/**
 * The request's key: null when the header is absent, a 400 `{error, issues}` Response (issue path
 * 'Idempotency-Key') when it is not 1-255 visible ASCII characters.
 */
export function readIdempotencyKey(request: Request): string | null | Response {
  const value = request.headers.get(IDEMPOTENCY_HEADER);
  if (value === null) return null;
  if (KEY_PATTERN.test(value)) return value;
  return apiError(400, `Invalid ${IDEMPOTENCY_HEADER} header`, [
    { path: IDEMPOTENCY_HEADER, message: 'Use 1 to 255 visible ASCII characters (a UUID is a good key)' },
  ]);
}

/** JSON with object keys sorted at every level, so equal bodies hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of a request body read as an object; the key order does not matter. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

const expiredBefore = () => sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`;

/** The answer stored for a key in the last 24 hours, or null. */
async function findStored({ scope, key }: IdempotencyClaim) {
  const [row] = await db()
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), gte(idempotencyKeys.createdAt, expiredBefore())));
  return row ?? null;
}

/** The stored answer again (with `Idempotent-Replayed: true`), or 422 when the body differs. */
function replay(claim: IdempotencyClaim, stored: NonNullable<Awaited<ReturnType<typeof findStored>>>): Response {
  if (stored.requestHash !== claim.requestHash) {
    return apiError(422, `This ${IDEMPOTENCY_HEADER} was already used with a different request body`, [
      { path: IDEMPOTENCY_HEADER, message: 'Send a new key with each new submission; reuse a key only to resend the same body' },
    ]);
  }
  return Response.json(stored.responseBody, {
    status: stored.responseStatus,
    headers: { [REPLAYED_HEADER]: 'true', 'Cache-Control': 'no-store' },
  });
}

/** The answer to give instead of running the request: a replay or a 422; null when the key is new. */
export async function answerForRepeat(claim: IdempotencyClaim): Promise<Response | null> {
  const stored = await findStored(claim);
  return stored ? replay(claim, stored) : null;
}

/** Thrown inside the record's transaction when another request stored this key first: rolls it back. */
export class KeyTaken extends Error {
  constructor() {
    super('Idempotency key already stored by another request');
    this.name = 'KeyTaken';
  }
}

/** When this process last deleted expired keys (ms since the epoch); at most once a minute. */
let lastPurge = 0;
const PURGE_EVERY_MS = 60_000;

/**
 * Store the answer to a key, inside the record's transaction `tx`. Throws KeyTaken when the key is
 * already stored (a concurrent request with the same key committed first; the INSERT waits for it),
 * so the caller's transaction rolls back and `answerAfterKeyTaken` gives the stored answer. An
 * expired row of the same key is overwritten; other expired rows are deleted at most once a minute.
 */
export async function storeAnswer(tx: Executor, claim: IdempotencyClaim, status: number, body: unknown): Promise<void> {
  if (Date.now() - lastPurge > PURGE_EVERY_MS) {
    lastPurge = Date.now();
    await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expiredBefore()));
  }
  const values = { ...claim, responseStatus: status, responseBody: JSON.parse(JSON.stringify(body)) as unknown, createdAt: sql`now()` };
  const inserted = await tx
    .insert(idempotencyKeys)
    .values(values)
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: { requestHash: claim.requestHash, responseStatus: status, responseBody: values.responseBody, createdAt: sql`now()` },
      setWhere: lt(idempotencyKeys.createdAt, expiredBefore()),
    })
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) throw new KeyTaken();
}

/** After KeyTaken: the answer the other request stored (or 422 for another body). */
export async function answerAfterKeyTaken(claim: IdempotencyClaim): Promise<Response> {
  const answer = await answerForRepeat(claim);
  if (answer) return answer;
  // Only if the stored row expired in between; the client may simply retry.
  logger.warn({ scope: claim.scope }, 'idempotency key taken but no stored answer found');
  return apiError(409, `A request with this ${IDEMPOTENCY_HEADER} was in progress; please retry`, [{ path: IDEMPOTENCY_HEADER, message: 'Retry the request' }]);
}
