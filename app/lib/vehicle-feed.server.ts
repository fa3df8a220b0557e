/**
 * The secret address of a bike's or car's calendar feed
 * (docs/decisions/048-trip-operations.md#ical-feed-per-vehicle):
 * `/calendars/<bikes|cars>/<id>/<token>.ics`, where the token is an HMAC-SHA256 of the vehicle
 * with a key derived (HKDF) from SECRETS_KEY, so nothing is stored and no migration is needed.
 * While keys are rotated a token made with OLD_SECRETS_KEY still opens the feed; once the old key is
 * dropped, staff copy the new address. Without a key (production without SECRETS_KEY) there is no
 * feed: `vehicleFeedPath` is null and every token is refused.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { env } from '~/lib/env.server';
import { secretsKeys } from '~/lib/secrets.server';

export type FeedVehicleType = 'bike' | 'car';

/** The path segment of each type (/calendars/bikes/…, /calendars/cars/…). */
export const FEED_SEGMENTS: Record<FeedVehicleType, string> = { bike: 'bikes', car: 'cars' };

/** The feed key derived from a secrets key: the AES key itself is never used as an HMAC key. */
function feedKey(secretsKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'vehicle-calendar-feed v1', 32));
}

/** The token of `type` `id` under `secretsKey`: 128 bits of HMAC-SHA256, base64url (22 characters). */
export function vehicleFeedToken(type: FeedVehicleType, id: string, secretsKey: Buffer): string {
  return createHmac('sha256', feedKey(secretsKey)).update(`${type}:${id.toLowerCase()}`).digest().subarray(0, 16).toString('base64url');
}

/** True when `token` is the vehicle's under the current key or OLD_SECRETS_KEY (compared in constant time). */
export function isVehicleFeedToken(type: FeedVehicleType, id: string, token: string): boolean {
  const given = Buffer.from(token, 'utf8');
  const { current, old } = secretsKeys();
  let ok = false;
  for (const key of [current, old]) {
    if (!key) continue;
    const expected = Buffer.from(vehicleFeedToken(type, id, key), 'utf8');
    if (expected.length === given.length && timingSafeEqual(expected, given)) ok = true;
  }
  return ok;
}

/** '/calendars/cars/<id>/<token>.ics', or null when no key is configured. */
export function vehicleFeedPath(type: FeedVehicleType, id: string): string | null {
  const key = secretsKeys().current;
  return key ? `/calendars/${FEED_SEGMENTS[type]}/${id}/${vehicleFeedToken(type, id, key)}.ics` : null;
}

/** The feed's full address (PUBLIC_URL + path), or null when no key is configured. */
export function vehicleFeedUrl(type: FeedVehicleType, id: string): string | null {
  const feedPath = vehicleFeedPath(type, id);
  return feedPath ? `${env().PUBLIC_URL}${feedPath}` : null;
}
