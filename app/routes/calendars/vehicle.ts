/**
 * GET /calendars/<bikes|cars>/<id>/<token>.ics: a bike's or car's calendar feed for staff phones
 * (docs/decisions/048-trip-operations.md#ical-feed-per-vehicle). The token is the vehicle's HMAC
 * (app/lib/vehicle-feed.server.ts); a wrong token, an unknown vehicle or no key configured is a bare
 * 404 that says nothing more. The feed is private (never kept by a shared cache), not indexed, and
 * robots.txt disallows /calendars/. Rentals and trips from 30 days ago on.
 */
import { addDays } from '~/lib/calendar-date';
import { env } from '~/lib/env.server';
import { todayInIndia } from '~/lib/format';
import { isVehicleFeedToken, type FeedVehicleType } from '~/lib/vehicle-feed.server';
import { vehicleCalendarIcs } from '~/infrastructure/ical/vehicle-calendar.server';
import { getPublicSettings } from '~/models/settings.server';
import { vehicleFeed } from '~/models/vehicle-feed.server';
import type { Route } from './+types/vehicle';

const TYPES: Record<string, FeedVehicleType> = { bikes: 'bike', cars: 'car' };

/** Days of past rentals and trips a feed still holds (a phone keeps what it had anyway). */
const PAST_DAYS = 30;

const PRIVATE = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' };

function notFound(): Response {
  return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...PRIVATE } });
}

export async function loader({ params }: Route.LoaderArgs) {
  const type = TYPES[params.type];
  const match = /^([A-Za-z0-9_-]{22})\.ics$/.exec(params.file);
  if (!type || !match || !isVehicleFeedToken(type, params.id, match[1]!)) return notFound();
  const feed = await vehicleFeed(type, params.id.toLowerCase(), addDays(todayInIndia(), -PAST_DAYS));
  if (!feed) return notFound();
  const { company } = await getPublicSettings(['company']);
  const body = vehicleCalendarIcs(feed, env().PUBLIC_URL, company.name);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `inline; filename="${type}-${feed.id}.ics"`,
      ...PRIVATE,
    },
  });
}
