/**
 * Shared steps of the admin end-to-end tests: sign in through the real login form as the first
 * admin (created by the test server from ADMIN_PASSWORD).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync, openSync, closeSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_PORT, E2E_ADMIN_PASSWORD } from '../../playwright.config';

export const ADMIN_USERNAME = 'admin';
export { E2E_ADMIN_PASSWORD };

/** Sign in at /admin/login (optionally with ?redirectTo=) and wait until the admin area shows. */
/**
 * The status line after an admin action (one message per action: docs/product.md); `type` is
 * 'success' unless given.
 */
export async function expectFlash(page: Page, text: string, type: 'success' | 'error' = 'success') {
  await expect(page.locator(`[data-flash="${type}"]`)).toContainText(text);
}

export async function signIn(page: Page, { redirectTo }: { redirectTo?: string } = {}) {
  await page.goto(redirectTo ? `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/admin/login');
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`${redirectTo ? redirectTo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '/admin'}(\\?.*)?$`));
}

/** A short name part no other test (or run) uses. */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** A Bearer token of the e2e admin, for making a test's own records through the API. */
export async function adminBearer(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username: ADMIN_USERNAME, password: E2E_ADMIN_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

const RECORDS = {
  packages: (name: string) => ({
    title: name,
    description: 'A package made by an end-to-end test.',
    duration: '2 Days / 1 Night',
    location: 'Gangtok',
    imageUrl: '/images/placeholder.svg',
    price: 4500,
  }),
  bikes: (name: string) => ({ model: name, dailyRate: 1800 }),
  cars: (name: string) => ({ model: name, dailyRate: 1600 }),
};

/** A package, bike or car named `name`, made through the admin API; returns its id. */
export async function createRecord(request: APIRequestContext, kind: keyof typeof RECORDS, name: string): Promise<string> {
  const token = await adminBearer(request);
  const response = await request.post(`/api/${kind}`, { headers: { Authorization: `Bearer ${token}` }, data: RECORDS[kind](name) });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** 'YYYY-MM-DD' `days` after today in Asia/Kolkata. */
export function inDays(days: number): string {
  const now = new Date(Date.now() + 5.5 * 3600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

/** Where the admin tests claim their booking days: in the admin server's data folder, emptied at its start. */
const BOOKING_DAYS = path.resolve('.e2e-data', String(ADMIN_PORT), 'e2e-booking-days');
/** Days each claim holds: room for a booking of up to a week and a neighbour starting a day later. */
const SLOT_DAYS = 10;

/**
 * The first day (days from today) of bike bookings no other admin test uses: a confirmed booking
 * refuses another of the same bike on overlapping days (docs/decisions/015-no-double-booking.md), so
 * tests that confirm bookings must never pick the same days. Each call claims the next free
 * SLOT_DAYS-day slot from 200 days ahead by creating its file (`wx` fails when another test process
 * has it), so no two claims of one run meet, whatever order the tests run in or restart.
 */
export function freeBookingStart(): number {
  mkdirSync(BOOKING_DAYS, { recursive: true });
  for (let start = 200; start + SLOT_DAYS < 3 * 365; start += SLOT_DAYS) {
    try {
      closeSync(openSync(path.join(BOOKING_DAYS, String(start)), 'wx'));
      return start;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`no free booking days left in ${BOOKING_DAYS}`);
}

/** A pending booking of the first available bike, on days no other test uses, through the public API; returns its id. */
export async function createBooking(request: APIRequestContext, name: string): Promise<string> {
  const bikes = (await (await request.get('/api/bikes?filter=available')).json()) as { id: string }[];
  const start = freeBookingStart();
  const response = await request.post('/api/bookings', {
    data: {
      type: 'bike',
      itemId: bikes[0]!.id,
      name,
      email: 'e2e.rider@example.com',
      phone: '+91 98320 12345',
      startDate: inDays(start),
      endDate: inDays(start + 1),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A contact inquiry through the public API; returns its id. */
export async function createInquiry(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.post('/api/inquiries', {
    data: { type: 'contact', name, email: 'e2e-inquiry@example.com', subject: 'E2E subject', message: 'A message from an end-to-end test.' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
