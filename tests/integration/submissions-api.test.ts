/**
 * POST /api/inquiries and /api/bookings (docs/decisions/003-visitor-submissions-stored.md): every
 * form's data is validated and stored with status pending, snake_case is accepted, bad input is 4xx
 * with `{error, issues}`, unavailable vehicles are refused, cross-site posts and bots are turned
 * away, and the OpenAPI document describes both endpoints.
 */
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bookings, emailOutbox, inquiries } from '~/db/schema';
import { getBooking } from '~/models/booking.server';
import { getInquiry } from '~/models/inquiry.server';
import { action as bookingsAction } from '~/routes/api/bookings';
import { action as inquiriesAction } from '~/routes/api/inquiries';
import { openApiDocument } from '~/routes/api/openapi';
import { HONEYPOT_FIELD } from '~/schemas/submission-fields';
import { createBike, createCar, createPackage } from '../factories';
import { inDays, post, traveller } from './submissions-helpers';

process.env.RATE_LIMIT_SUBMISSIONS_PER_MINUTE = '100000';

const rows = async (table: typeof bookings | typeof inquiries | typeof emailOutbox) => (await db().select({ n: count() }).from(table))[0]!.n;

describe('POST /api/inquiries', () => {
  test('stores each dialog tab and the contact form as a pending inquiry with its mails', async () => {
    const pkg = await createPackage({ title: 'Yumthang Valley Escape' });
    const car = await createCar({ model: 'Innova Test' });
    const bike = await createBike({ model: 'Himalayan Test' });
    const outboxBefore = await rows(emailOutbox);

    const packages = await post(inquiriesAction, '/api/inquiries', { type: 'packages', ...traveller, destination: pkg.id, date: inDays(10), guests: '6+' });
    expect(packages.status).toBe(201);
    const stored = await getInquiry((packages.body as { id: string }).id);
    expect(stored).toMatchObject({
      type: 'packages',
      status: 'pending',
      packageId: pkg.id,
      packageTitle: 'Yumthang Valley Escape',
      guests: '6+',
      travelDate: inDays(10),
    });

    const cabs = await post(inquiriesAction, '/api/inquiries', {
      inquiry_type: 'cabs',
      ...traveller,
      car_id: car.id,
      pickup_location: 'Bagdogra Airport',
      dropoff_location: 'MG Marg',
      travel_date: inDays(3),
    });
    expect(cabs.status).toBe(201);
    expect(cabs.body).toMatchObject({ type: 'cabs', carModel: 'Innova Test', pickupLocation: 'Bagdogra Airport', dropoffLocation: 'MG Marg' });

    const rentals = await post(inquiriesAction, '/api/inquiries', {
      type: 'rentals',
      ...traveller,
      bike_type: bike.id,
      date: inDays(1),
      rental_duration: 'custom',
    });
    expect(rentals.status).toBe(201);
    expect(rentals.body).toMatchObject({ bikeModel: 'Himalayan Test', rentalDuration: 'custom', bikeCount: 1 });

    const contact = await post(inquiriesAction, '/api/inquiries', {
      type: 'contact',
      name: 'Ravi',
      email: 'ravi@example.com',
      subject: 'Permits',
      message: 'Do I need a permit for Nathula?',
    });
    expect(contact.status).toBe(201);
    expect(contact.body).toMatchObject({ type: 'contact', subject: 'Permits', phone: null, status: 'pending' });

    expect(await rows(emailOutbox)).toBe(outboxBefore + 8);
  });

  test('names every missing or bad field and stores nothing', async () => {
    const before = await rows(inquiries);
    const res = await post(inquiriesAction, '/api/inquiries', { type: 'cabs', name: ' ', email: 'not-an-email', phone: 'abc', date: inDays(-1) });
    expect(res.status).toBe(400);
    const paths = (res.body as { issues: { path: string }[] }).issues.map((i) => i.path).sort();
    expect(paths).toEqual(['date', 'dropoffLocation', 'email', 'name', 'phone', 'pickupLocation']);
    expect(await rows(inquiries)).toBe(before);
  });

  test('caps lengths: names 120 characters, messages 5,000', async () => {
    const res = await post(inquiriesAction, '/api/inquiries', {
      type: 'contact',
      name: 'x'.repeat(121),
      email: 'a@example.com',
      subject: 's',
      message: 'm'.repeat(5001),
    });
    expect(res.status).toBe(400);
    expect((res.body as { issues: { path: string; message: string }[] }).issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'At most 120 characters' },
        { path: 'message', message: 'At most 5000 characters' },
      ]),
    );
  });

  test('an unknown package id is a field error, not a 500', async () => {
    const res = await post(inquiriesAction, '/api/inquiries', {
      type: 'packages',
      ...traveller,
      destination: '00000000-0000-4000-8000-000000000000',
      date: inDays(5),
    });
    expect(res.status).toBe(400);
    expect((res.body as { issues: { path: string }[] }).issues[0]!.path).toBe('destination');
  });
});

describe('POST /api/bookings', () => {
  test('stores bike, car, package and custom-tour bookings as pending with the item name', async () => {
    const bike = await createBike({ model: 'Classic 350 Test' });
    const car = await createCar({ model: 'Scorpio Test' });
    const pkg = await createPackage({ title: 'Darjeeling Tea Trails' });

    const b = await post(bookingsAction, '/api/bookings', { type: 'bike', bike_id: bike.id, ...traveller, start_date: inDays(2), end_date: inDays(4) });
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({ type: 'bike', bikeId: bike.id, itemName: 'Classic 350 Test', needHelmet: true, endDate: inDays(4), status: 'pending' });

    const c = await post(bookingsAction, '/api/bookings', {
      type: 'car',
      carId: car.id,
      ...traveller,
      startDate: inDays(2),
      needDriver: true,
      message: 'Pickup at NJP station',
    });
    expect(c.body).toMatchObject({ type: 'car', itemName: 'Scorpio Test', needDriver: true, message: 'Pickup at NJP station' });

    const p = await post(bookingsAction, '/api/bookings', {
      type: 'package',
      package_id: pkg.id,
      ...traveller,
      start_date: inDays(30),
      adults: 2,
      children: 1,
    });
    expect(p.body).toMatchObject({ type: 'package', packageId: pkg.id, itemName: 'Darjeeling Tea Trails', adults: 2, children: 1 });

    const custom = await post(bookingsAction, '/api/bookings', { type: 'package', itemId: 'custom', ...traveller, startDate: inDays(30), adults: '3' });
    expect(custom.status).toBe(201);
    const stored = await getBooking((custom.body as { id: string }).id);
    expect(stored).toMatchObject({ packageId: null, itemName: 'Custom tour', adults: 3 });
  });

  test('refuses an unavailable vehicle with 409 and stores nothing', async () => {
    const car = await createCar({ model: 'Fortuner Test', available: false });
    const before = await rows(bookings);
    const res = await post(bookingsAction, '/api/bookings', { type: 'car', itemId: car.id, ...traveller, startDate: inDays(2) });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'This car is currently unavailable' });
    expect(await rows(bookings)).toBe(before);
  });

  test('checks end date >= start date and refuses dates before today (Asia/Kolkata)', async () => {
    const bike = await createBike();
    const reversed = await post(bookingsAction, '/api/bookings', { type: 'bike', itemId: bike.id, ...traveller, startDate: inDays(5), endDate: inDays(4) });
    expect(reversed.status).toBe(400);
    expect((reversed.body as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['endDate']);
    const past = await post(bookingsAction, '/api/bookings', { type: 'package', itemId: 'custom', ...traveller, startDate: inDays(-1) });
    expect((past.body as { issues: { message: string }[] }).issues[0]!.message).toBe('Please choose today or a later date');
    const today = await post(bookingsAction, '/api/bookings', { type: 'package', itemId: 'custom', ...traveller, startDate: inDays(0) });
    expect(today.status).toBe(201);
  });

  test('stores the publicity consent only when the traveller ticked it, and names a bad value', async () => {
    const silent = await post(bookingsAction, '/api/bookings', { type: 'package', itemId: 'custom', ...traveller, startDate: inDays(3) });
    expect(silent.status).toBe(201);
    expect(await getBooking((silent.body as { id: string }).id)).toMatchObject({ publicityConsent: false });
    // A form's unticked box sends only the hidden 'false'; a ticked one sends 'false' then 'true'.
    const ticked = await post(bookingsAction, '/api/bookings', {
      type: 'package',
      itemId: 'custom',
      ...traveller,
      startDate: inDays(3),
      publicity_consent: 'true',
    });
    expect(await getBooking((ticked.body as { id: string }).id)).toMatchObject({ publicityConsent: true });
    const bad = await post(bookingsAction, '/api/bookings', {
      type: 'package',
      itemId: 'custom',
      ...traveller,
      startDate: inDays(3),
      publicityConsent: 'maybe',
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['publicityConsent']);
  });

  test('a package booking without a package says so', async () => {
    const res = await post(bookingsAction, '/api/bookings', { type: 'package', ...traveller, startDate: inDays(3) });
    expect(res.status).toBe(400);
    expect((res.body as { issues: { path: string; message: string }[] }).issues).toEqual([{ path: 'itemId', message: 'Please select a tour package.' }]);
  });
});

describe('guards', () => {
  const body = () => ({ type: 'contact', name: 'Bot', email: 'bot@example.com', subject: 'Hi', message: 'Buy now' });

  test('a filled honeypot is accepted with 202 and dropped', async () => {
    const before = await rows(inquiries);
    const res = await post(inquiriesAction, '/api/inquiries', { ...body(), [HONEYPOT_FIELD]: 'http://spam.example' });
    expect(res.status).toBe(202);
    expect(await rows(inquiries)).toBe(before);
  });

  test('cross-site posts are refused; header-less JSON clients are allowed, header-less forms are not', async () => {
    const cross = await post(inquiriesAction, '/api/inquiries', body(), { Origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    const refererOnly = await post(inquiriesAction, '/api/inquiries', body(), { Origin: '', Referer: 'https://evil.example/page' });
    expect(refererOnly.status).toBe(403);
    const cli = await post(inquiriesAction, '/api/inquiries', body(), { Origin: '' });
    expect(cli.status).toBe(201);
    const form = await post(inquiriesAction, '/api/inquiries', new URLSearchParams(body()).toString(), {
      Origin: '',
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(403);
    const sameSiteForm = await post(inquiriesAction, '/api/inquiries', new URLSearchParams(body()).toString(), {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(sameSiteForm.status).toBe(201);
  });

  test('bodies over 64 KB answer 413; other content types 415; bad JSON 400', async () => {
    expect((await post(inquiriesAction, '/api/inquiries', { ...body(), message: 'x'.repeat(70_000) })).status).toBe(413);
    expect((await post(inquiriesAction, '/api/inquiries', 'hello', { 'Content-Type': 'text/plain' })).status).toBe(415);
    const bad = await post(inquiriesAction, '/api/inquiries', '{"type":');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'Malformed JSON' });
  });
});

describe('OpenAPI', () => {
  let doc: ReturnType<typeof openApiDocument>;
  beforeAll(() => {
    doc = openApiDocument();
  });

  test('describes the submission endpoints from the validating schemas and the catalogue reads', () => {
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/inquiries', '/api/bookings', '/api/packages', '/api/packages/{id}', '/api/bikes', '/api/cars/{id}']),
    );
    const paths = doc.paths as Record<string, { post?: { responses: Record<string, unknown> } }>;
    expect(paths['/api/bookings']?.post?.responses).toHaveProperty('409');
    const booking = JSON.stringify(doc.components.schemas.BookingInput);
    expect(booking).toContain('needHelmet');
    expect(booking).toContain('"maxLength":120');
    expect(JSON.stringify(doc.components.schemas.InquiryInput)).toContain('pickupLocation');
  });
});
