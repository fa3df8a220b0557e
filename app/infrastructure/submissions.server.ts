/**
 * The guard and the body reader shared by every public submission endpoint
 * (docs/decisions/003-visitor-submissions-stored.md, 009-rest-api.md): Origin check, per-IP rate
 * limit, body size, JSON or form body, honeypot, then the zod schema and the model function; the
 * API also honours an `Idempotency-Key` header (app/infrastructure/idempotency.server.ts). Bad input of any
 * kind answers 4xx with `{ error, issues }`, never 500.
 */
import type { SubmissionResult } from '@conform-to/react';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { parseSubmission } from '~/lib/parse-submission';
import type { Executor } from '~/db/client.server';
import { HONEYPOT_FIELD } from '~/schemas/submission-fields';
import { apiError, isJsonContentType, MAX_JSON_BYTES, readBodyText, readJsonBody } from '~/lib/api.server';
import { DomainError, domainErrorResponse, errorStatus, zodIssues } from '~/lib/errors.server';
import { answerAfterKeyTaken, answerForRepeat, KeyTaken, readIdempotencyKey, requestHash, storeAnswer, type IdempotencyClaim } from './idempotency.server';
import { shortReference } from '~/lib/ids';
import { isHoneypotFilled } from '~/lib/honeypot.server';
import { logger } from '~/lib/logger.server';
import { checkOrigin } from '~/lib/origin-check.server';
import { clientIp, consumeSubmission } from './rate-limit.server';

/** Largest submission body read (64 KB for JSON and forms); larger answers 413. */
export const MAX_SUBMISSION_BYTES = MAX_JSON_BYTES;

/** 403 for a cross-site post, 429 with Retry-After over the rate limit; null when the request may go on. */
export async function guardSubmission(request: Request): Promise<Response | null> {
  const origin = checkOrigin(request);
  if (!origin.ok) return apiError(403, origin.reason);
  const limit = await consumeSubmission(clientIp(request));
  if (!limit.ok) {
    return apiError(429, 'Too many submissions. Please wait a minute and try again.', [], {
      'Retry-After': String(limit.retryAfterSeconds),
    });
  }
  return null;
}

function formToObject(form: URLSearchParams | FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') continue; // files are never part of a submission
    const existing = Object.prototype.hasOwnProperty.call(out, key) ? out[key] : undefined;
    const next = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    Object.defineProperty(out, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * The request body as a plain object: JSON (must be an object) or a urlencoded / multipart form.
 * Throws `{error, issues}` Responses: 413 too large, 415 other content types, 400 malformed.
 */
export async function readSubmissionBody(request: Request): Promise<Record<string, unknown>> {
  const contentType = (request.headers.get('content-type') ?? '').toLowerCase();
  if (contentType.startsWith('multipart/form-data')) {
    const declared = Number(request.headers.get('content-length') ?? 'NaN');
    if (!(declared <= MAX_SUBMISSION_BYTES)) throw apiError(413, `Request body too large (limit ${MAX_SUBMISSION_BYTES} bytes)`);
    try {
      return formToObject(await request.formData());
    } catch {
      throw apiError(400, 'Malformed form data');
    }
  }
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    return formToObject(new URLSearchParams(await readBodyText(request, MAX_SUBMISSION_BYTES)));
  }
  if (isJsonContentType(contentType)) return readJsonBody(request, MAX_SUBMISSION_BYTES);
  throw apiError(415, 'Send JSON (application/json) or a form (application/x-www-form-urlencoded)');
}

/**
 * What a model's create function accepts besides the input: `withinTransaction` runs inside the
 * transaction that stores the record, after the insert (the Idempotency-Key row is written there).
 */
export type CreateOptions<R> = { withinTransaction?: (tx: Executor, record: R) => Promise<void> };

/**
 * POST handler of a public API endpoint: guard, read, drop honeypot bots, validate with `schema`,
 * store with `create`, answer 201 with the stored record (camelCase). With an `Idempotency-Key`
 * header the answer is stored with the record, and a repeat of the key gets it back
 * (app/infrastructure/idempotency.server.ts, scope `entity`).
 */
export async function handleApiSubmission<S extends $ZodType, R>(
  request: Request,
  {
    normalize,
    schema,
    create,
    entity,
    guard = guardSubmission,
  }: {
    normalize: (body: Record<string, unknown>) => Record<string, unknown>;
    schema: S;
    create: (input: output<S>, options?: CreateOptions<R>) => Promise<R>;
    entity: string;
    /** The request's check before anything is read (default `guardSubmission`: Origin, rate limit); a Response refuses. */
    guard?: (request: Request) => Promise<Response | null>;
  },
): Promise<Response> {
  if (request.method !== 'POST') return apiError(405, 'Method not allowed', [], { Allow: 'POST' });
  const refused = await guard(request);
  if (refused) return refused;
  const key = readIdempotencyKey(request);
  if (key instanceof Response) return key;
  let body: Record<string, unknown>;
  try {
    body = await readSubmissionBody(request);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  if (isHoneypotFilled(body)) {
    // Silently accepted and dropped (see honeypot.server.ts): a 2xx like a real success, nothing stored.
    return Response.json({ status: 'accepted' }, { status: 202 });
  }
  const input = normalize(body);
  delete input[HONEYPOT_FIELD];
  const claim: IdempotencyClaim | null = key === null ? null : { scope: entity, key, requestHash: requestHash(input) };
  if (claim) {
    const repeat = await answerForRepeat(claim);
    if (repeat) return repeat;
  }
  const result = safeParse(schema, input);
  if (!result.success) return apiError(400, `Invalid ${entity}`, zodIssues(result.error));
  try {
    const record = await create(result.data, claim ? { withinTransaction: (tx, stored) => storeAnswer(tx, claim, 201, stored) } : undefined);
    return Response.json(record, { status: 201, headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof KeyTaken && claim) return answerAfterKeyTaken(claim);
    if (error instanceof DomainError) return domainErrorResponse(error);
    logger.error({ err: error }, `storing a ${entity} failed`);
    throw error;
  }
}

/**
 * A page action (works without JavaScript): guard, honeypot, Conform + zod, model function.
 * Answers `{ sent: { reference } }` on success, else `{ result }` (Conform's reply: field errors,
 * input kept) with 400, 409 or 429. A cross-site post throws a 403 Response.
 */
export async function handlePageSubmission<S extends $ZodType, R extends { id: string }>(
  request: Request,
  schema: S,
  create: (input: output<S>) => Promise<R>,
): Promise<PageSubmissionResult> {
  const origin = checkOrigin(request);
  if (!origin.ok) throw apiError(403, origin.reason);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw apiError(400, 'Malformed form data');
  }
  const limit = await consumeSubmission(clientIp(request));
  if (!limit.ok) {
    const submission = parseSubmission(formData, schema);
    return {
      result: submission.reply({ formErrors: [`Too many submissions from your connection. Please wait ${limit.retryAfterSeconds} seconds and try again.`] }),
      status: 429,
      headers: { 'Retry-After': String(limit.retryAfterSeconds) },
    };
  }
  if (isHoneypotFilled(formToObject(formData))) return { sent: { reference: null }, status: 200 };
  const submission = parseSubmission(formData, schema);
  if (submission.status !== 'success') return { result: submission.reply(), status: 400 };
  try {
    const record = await create(submission.value as output<S>);
    return { sent: { reference: shortReference(record.id) }, status: 200 };
  } catch (error) {
    if (error instanceof DomainError) {
      const fieldErrors = Object.fromEntries(error.issues.map((i) => [i.path, [i.message]]));
      return { result: submission.reply({ fieldErrors, formErrors: [error.message] }), status: errorStatus(error) };
    }
    throw error;
  }
}

export type PageSubmissionResult =
  | { sent: { reference: string | null }; result?: undefined; status: number; headers?: undefined }
  | { sent?: undefined; result: SubmissionResult<string[]>; status: number; headers?: Record<string, string> };
