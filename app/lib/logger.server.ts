/**
 * The process logger (pino, JSON lines on stdout); level from LOG_LEVEL. Lines written while a
 * request is served carry its id as `reqId` (app/lib/request-store.server.ts).
 *
 * No secret in a log line (docs/decisions/045-security-round-two.md#11-no-secrets-in-logs): an error
 * under `err` is serialized without the bound parameters of a failed query (Drizzle puts them in
 * the error's `params` and its message, and they can be a password hash, a token hash or whatever
 * a visitor typed), and a value that must be recognisable but not readable (a failed sign-in's
 * unknown username, which is often a password typed into the wrong box) is logged as `hashForLog`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import pino, { type LoggerOptions } from 'pino';
import { currentRequest } from './request-store.server';

/** What replaces the bound parameters of a failed query in a logged error. */
export const REDACTED_PARAMS = '[redacted]';

/** The errors of `err` and its `cause` chain (at most 10 deep). */
function errorChain(err: Error): Error[] {
  const chain: Error[] = [];
  for (let e: unknown = err; e instanceof Error && chain.length < 10 && !chain.includes(e); e = e.cause) chain.push(e);
  return chain;
}

/** Parameters shorter than this are not searched for in the rest of a message (too common: 1, 't', 'sent'). */
const MIN_SCRUBBED_PARAM = 6;

/**
 * pino's error serializer (type, message and stack with those of the causes, own fields) minus the
 * bound parameters of a failed query. For every error of the cause chain with a `params` array
 * (Drizzle's DrizzleQueryError): the `params: ...` line it wrote into its message becomes
 * `params: [redacted]` in the logged message and stack, each parameter of 6 or more characters is
 * replaced by `[redacted]` wherever else it appears there (the database's own message may quote
 * it: `invalid input syntax for type integer: "..."`, `Key (email)=(...)`), and the `params` field
 * is left out. The query text itself stays: it holds placeholders ($1, $2), never values. Anything
 * not an Error is returned unchanged.
 */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const out = pino.stdSerializers.err(err) as Record<string, unknown>;
  const lines: string[] = [];
  const values = new Set<string>();
  for (const e of errorChain(err)) {
    const params: unknown = (e as { params?: unknown }).params;
    if (!Array.isArray(params) || params.length === 0) continue;
    // Drizzle's message is `Failed query: ${query}\nparams: ${params}`: the same String(params).
    lines.push(`\nparams: ${String(params)}`);
    for (const p of params) if (p !== null && p !== undefined && String(p).length >= MIN_SCRUBBED_PARAM) values.add(String(p));
  }
  const longestFirst = [...values].sort((a, b) => b.length - a.length);
  const scrub = (value: unknown) => {
    if (typeof value !== 'string') return value;
    let s = lines.reduce((text, line) => text.split(line).join(`\nparams: ${REDACTED_PARAMS}`), value);
    for (const v of longestFirst) s = s.split(v).join(REDACTED_PARAMS);
    return s;
  };
  out.message = scrub(out.message);
  out.stack = scrub(out.stack);
  delete out.params;
  return out;
}

/** The options of the process logger; exported so that a test can build the same logger on its own stream. */
export const loggerOptions: LoggerOptions = {
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: undefined,
  mixin: () => {
    const request = currentRequest();
    return request ? { reqId: request.requestId } : {};
  },
  serializers: { err: serializeError },
  redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
};

export const logger = pino(loggerOptions);

/**
 * The key of `hashForLog`: LOG_HASH_KEY (app/lib/env.server.ts), else random at each start, so a
 * hash cannot be reversed by hashing guesses without the key.
 */
const hashKey = process.env.LOG_HASH_KEY || randomBytes(32).toString('hex');

/**
 * A short keyed hash (HMAC-SHA-256, first 12 hex characters) of `value` for a log line: the same
 * value gives the same hash (with one LOG_HASH_KEY, or within one run without it), so repeated
 * attempts are recognisable, but the value cannot be read back.
 */
export function hashForLog(value: string): string {
  return createHmac('sha256', hashKey).update(value).digest('hex').slice(0, 12);
}
