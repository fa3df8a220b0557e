/**
 * Record ids (docs/decisions/008-money-dates-ids.md#ids): UUIDs; the short reference shown to
 * people is the last 6 characters, upper-case.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a syntactically valid UUID (any version). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** 'Booking #A1B2C3' style reference: the last 6 characters of the id, upper-case. */
export function shortReference(id: string): string {
  return id.replaceAll('-', '').slice(-6).toUpperCase();
}
