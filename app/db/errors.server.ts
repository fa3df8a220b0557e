/**
 * PostgreSQL error codes (SQLSTATE, https://www.postgresql.org/docs/current/errcodes-appendix.html)
 * read from an error thrown by PGlite or node-postgres, also when Drizzle wraps the driver's error
 * in `cause`. The models turn these into Conflict or a retry; nothing here knows about a table.
 */

/** The five-character SQLSTATE of a database error (looking through up to five `cause`s), or undefined. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** True for a unique-constraint violation (23505), e.g. a username that is taken. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** True for an exclusion-constraint violation (23P01), e.g. two confirmed bookings overlapping a vehicle's days. */
export function isExclusionViolation(error: unknown): boolean {
  return sqlState(error) === '23P01';
}

/** True for a deadlock (40P01) or serialization failure (40001): the transaction may simply be run again. */
export function isRetryableTransactionError(error: unknown): boolean {
  const code = sqlState(error);
  return code === '40P01' || code === '40001';
}
