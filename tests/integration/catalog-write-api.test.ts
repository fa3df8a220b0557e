/**
 * The admin API writes of the catalogue (docs/decisions/009-rest-api.md): create, update and delete
 * of packages, bikes and cars with camelCase and snake_case bodies, the saved record in the answer,
 * 400 naming the wrong fields, the guard (401 / 403, Bearer without Origin), 404, 405, 413, 415;
 * deleting keeps bookings and inquiries with the item's name; the write schemas read Conform form data;
 * the admin lists page through one helper; the OpenAPI document describes it all.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bikes, bookings, cars, inquiries, tourPackages } from '~/db/schema';
import { createBike as createBikeRecord, listBikesForAdmin, getBike } from '~/models/bike.server';
import { getCar, listCarsForAdmin } from '~/models/car.server';
import { getPackage, listPackagesForAdmin } from '~/models/package.server';
import { action as bikeAction } from '~/routes/api/bike';
import { action as bikesAction } from '~/routes/api/bikes';
import { action as carAction } from '~/routes/api/car';
import { action as carsAction } from '~/routes/api/cars';
import { openApiDocument } from '~/routes/api/openapi';
import { action as packageAction } from '~/routes/api/package';
import { action as packagesAction } from '~/routes/api/packages';
import { bikeWriteSchema, normalizeBikeInput } from '~/schemas/bike';
import { carWriteSchema, normalizeCarInput } from '~/schemas/car';
import { DEFAULT_EXCLUSIONS, DEFAULT_INCLUSIONS, normalizePackageInput, packageWriteSchema } from '~/schemas/package';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createCar, createPackage } from '../factories';
import type { RouteFunction } from '../route-args';
import { call, issuePaths, validBike, validCar, validPackage, type CallResult } from './catalog-write-helpers';

const UNKNOWN_ID = '3f2a5c1e-8b4d-4c6e-9a7b-1d2e3f4a5b6c';

let auth: Record<string, string>;
let cookie: string;

beforeAll(async () => {
  const staff = await createStaffSession();
  auth = { Authorization: staff.authorization };
  cookie = staff.cookie;
});

const rowsOf = async (table: typeof tourPackages | typeof bikes | typeof cars) => (await db().select({ n: count() }).from(table))[0]!.n;

describe('packages', () => {
  test('POST with a camelCase body creates the package and answers 201 with the saved record', async () => {
    const res = await call(packagesAction, '/api/packages', { body: validPackage, headers: auth });
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const saved = res.body as Record<string, unknown>;
    expect(saved).toMatchObject({ ...validPackage, id: expect.any(String) });
    expect(saved.createdAt).toEqual(expect.any(String));
    const stored = await getPackage(saved.id as string);
    expect(stored).toMatchObject(validPackage);
  });

  test('POST with snake_case names (also nested) is read the same way', async () => {
    const res = await call(packagesAction, '/api/packages', {
      headers: auth,
      body: {
        title: 'Snake Case Tour',
        description: 'Named the other way.',
        image_url: '/images/packages/snake.svg',
        max_persons: '12',
        start_date: '2026-11-01',
        end_date: '2026-11-05',
        terms_and_conditions: ['Bring a jacket'],
        registration_number: 'REG-1',
        vehicle_type: 'Innova',
        rating: 4.5, // a review count needs its rating (docs/decisions/006-display-fields.md)
        review_count: 7,
        discount_label: '10% Off',
        itinerary: [{ day: '1', title: 'Start', activities: ['Walk'], meals: '', stay: 'Gangtok' }],
        accommodation: [{ location: 'Gangtok', hotel: 'Hotel', nights: '2', rooms: 1, category: '3 Star' }],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      imageUrl: '/images/packages/snake.svg',
      maxPersons: 12,
      startDate: '2026-11-01',
      endDate: '2026-11-05',
      termsAndConditions: ['Bring a jacket'],
      registrationNumber: 'REG-1',
      vehicleType: 'Innova',
      reviewCount: 7,
      discountLabel: '10% Off',
      itinerary: [{ day: 1, title: 'Start', description: '', activities: ['Walk'], meals: '', stay: 'Gangtok' }],
      accommodation: [{ location: 'Gangtok', hotel: 'Hotel', nights: 2, rooms: 1, category: '3 Star' }],
      price: 0,
      category: 'adventure',
      people: '2-12 People',
    });
  });

  test('PUT replaces the fields (a full update) and DELETE removes the package', async () => {
    const created = await call(packagesAction, '/api/packages', { body: validPackage, headers: auth });
    const id = (created.body as { id: string }).id;
    const put = await call(packageAction, `/api/packages/${id}`, {
      method: 'PUT',
      params: { id },
      headers: auth,
      body: { title: 'Renamed', description: 'Shorter.', price: '999.99' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id, title: 'Renamed', description: 'Shorter.', price: 999.99, highlights: [], itinerary: [], featured: false, tag: null });
    expect(await getPackage(id)).toMatchObject({ title: 'Renamed', price: 999.99 });

    const del = await call(packageAction, `/api/packages/${id}`, { method: 'DELETE', params: { id }, headers: auth });
    expect(del.status).toBe(204);
    expect(del.body).toBeNull();
    expect(await getPackage(id)).toBeNull();
    const again = await call(packageAction, `/api/packages/${id}`, { method: 'DELETE', params: { id }, headers: auth });
    expect(again.status).toBe(404);
  });

  test('400 names every wrong field and writes nothing', async () => {
    const before = await rowsOf(tourPackages);
    const res = await call(packagesAction, '/api/packages', {
      headers: auth,
      body: {
        title: '   ',
        price: -1,
        category: 'space',
        image_url: 'javascript:alert(1)',
        gallery: ['/ok.svg', 'data:text/html,<script>alert(1)</script>'],
        start_date: '2026-05-10',
        end_date: '2026-05-09',
        max_persons: 0,
        itinerary: [{ day: 0, title: 'Zero' }],
        rating: 7,
        tag: 'Cheapest',
      },
    });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toEqual(
      ['category', 'description', 'endDate', 'gallery.1', 'imageUrl', 'maxPersons', 'price', 'rating', 'tag', 'title'].sort(),
    );
    expect(await rowsOf(tourPackages)).toBe(before);
  });

  test('PUT with a bad body changes nothing', async () => {
    const pkg = await createPackage({ title: 'Untouched' });
    const res = await call(packageAction, `/api/packages/${pkg.id}`, {
      method: 'PUT',
      params: { id: pkg.id },
      headers: auth,
      body: { title: 'Changed', description: '' },
    });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toEqual(['description']);
    expect(await getPackage(pkg.id)).toEqual(pkg);
  });
});

describe('bikes', () => {
  test('POST camelCase and snake_case (with specifications.fuel_capacity), PUT and DELETE', async () => {
    const camel = await call(bikesAction, '/api/bikes', { body: validBike, headers: auth });
    expect(camel.status).toBe(201);
    expect(camel.body).toMatchObject(validBike);

    const snake = await call(bikesAction, '/api/bikes', {
      headers: auth,
      body: {
        model: 'Bajaj Dominar 400',
        daily_rate: '2100',
        image_url: '/images/bikes/dominar.svg',
        engine_capacity: '373cc',
        max_speed: '150 km/h',
        gear_type: 'manual',
        specifications: { weight: '193 kg', fuel_capacity: '13 L', seat_height: '800 mm', ground_clearance: '157 mm' },
        rating: 4.5, // a review count needs its rating (docs/decisions/006-display-fields.md)
        review_count: 4,
      },
    });
    expect(snake.status).toBe(201);
    expect(snake.body).toMatchObject({
      model: 'Bajaj Dominar 400',
      dailyRate: 2100,
      imageUrl: '/images/bikes/dominar.svg',
      engineCapacity: '373cc',
      maxSpeed: '150 km/h',
      available: true, // the API default when left out
      specifications: { weight: '193 kg', fuelCapacity: '13 L', seatHeight: '800 mm', groundClearance: '157 mm' },
      reviewCount: 4,
    });

    const id = (snake.body as { id: string }).id;
    const put = await call(bikeAction, `/api/bikes/${id}`, {
      method: 'PUT',
      params: { id },
      headers: auth,
      body: { ...validBike, model: 'Dominar 400 (2026)', available: false, daily_rate: null },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id, model: 'Dominar 400 (2026)', available: false, dailyRate: 1800 }); // camelCase dailyRate wins
    expect(await getBike(id)).toMatchObject({ model: 'Dominar 400 (2026)', available: false });

    const del = await call(bikeAction, `/api/bikes/${id}`, { method: 'DELETE', params: { id }, headers: auth });
    expect(del.status).toBe(204);
    expect(await getBike(id)).toBeNull();
  });

  test('daily rate: required, a number >= 0; JSON null means contact for price', async () => {
    const missing = await call(bikesAction, '/api/bikes', { headers: auth, body: { model: 'No Rate' } });
    expect(missing.status).toBe(400);
    expect((missing.body as { issues: unknown[] }).issues).toEqual([{ path: 'dailyRate', message: 'This field is required' }]);
    const negative = await call(bikesAction, '/api/bikes', { headers: auth, body: { model: 'Bad Rate', daily_rate: '-5' } });
    expect((negative.body as { issues: unknown[] }).issues).toEqual([{ path: 'dailyRate', message: 'Enter a number of rupees, 0 or more' }]);
    const text = await call(bikesAction, '/api/bikes', { headers: auth, body: { model: 'Bad Rate', dailyRate: 'Contact for price' } });
    expect(issuePaths(text.body)).toEqual(['dailyRate']);
    const contact = await call(bikesAction, '/api/bikes', { headers: auth, body: { model: 'Ask Us', dailyRate: null } });
    expect(contact.status).toBe(201);
    expect(contact.body).toMatchObject({ dailyRate: null });
  });

  test('deleting a bike that a booking and an inquiry point to keeps both with the item name', async () => {
    const bike = await createBikeRecord(bikeWriteSchema.parse(normalizeBikeInput({ ...validBike, model: 'Booked Bike' })));
    const [booking] = await db()
      .insert(bookings)
      .values({
        type: 'bike',
        bikeId: bike.id,
        itemName: bike.model,
        name: 'Pema',
        email: 'pema@example.com',
        phone: '+91 98320 12345',
        startDate: '2026-09-01',
      })
      .returning();
    const [inquiry] = await db()
      .insert(inquiries)
      .values({ type: 'rentals', name: 'Pema', email: 'pema@example.com', bikeId: bike.id, bikeModel: bike.model, bikeCount: 1 })
      .returning();

    const del = await call(bikeAction, `/api/bikes/${bike.id}`, { method: 'DELETE', params: { id: bike.id }, headers: auth });
    expect(del.status).toBe(204);
    const [keptBooking] = await db().select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(keptBooking).toMatchObject({ bikeId: null, itemName: 'Booked Bike', status: 'pending' });
    const [keptInquiry] = await db().select().from(inquiries).where(eq(inquiries.id, inquiry!.id));
    expect(keptInquiry).toMatchObject({ bikeId: null, bikeModel: 'Booked Bike' });
  });
});

describe('cars', () => {
  test('POST with both spellings (camelCase wins), nested snake_case specifications, PUT and DELETE', async () => {
    const res = await call(carsAction, '/api/cars', {
      headers: auth,
      body: {
        model: 'Mahindra Thar',
        daily_rate: 3000,
        dailyRate: 3200,
        fuel_type: 'diesel',
        image_url: '/images/cars/thar.svg',
        imageUrl: '/images/cars/thar-2.svg',
        category: 'suv',
        specifications: { mileage: '9 km/l', fuel_capacity: '57 L', boot_space: '', engine_size: '2184 cc' },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      model: 'Mahindra Thar',
      dailyRate: 3200,
      fuelType: 'diesel',
      imageUrl: '/images/cars/thar-2.svg',
      available: true,
      ac: true,
      capacity: '4 Seater',
      location: 'Gangtok',
      transmission: 'manual',
      specifications: { mileage: '9 km/l', fuelCapacity: '57 L', bootSpace: '', engineSize: '2184 cc' },
    });
    const id = (res.body as { id: string }).id;

    const put = await call(carAction, `/api/cars/${id}`, { method: 'PUT', params: { id }, headers: auth, body: { ...validCar, ac: false } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ ...validCar, ac: false, id });
    expect(await getCar(id)).toMatchObject({ model: 'Hyundai i20', ac: false });

    const del = await call(carAction, `/api/cars/${id}`, { method: 'DELETE', params: { id }, headers: auth });
    expect(del.status).toBe(204);
    expect(await getCar(id)).toBeNull();
  });

  test('400 names the wrong fields', async () => {
    const res = await call(carsAction, '/api/cars', {
      headers: auth,
      body: {
        model: 'x'.repeat(201),
        daily_rate: 'abc',
        category: 'truck',
        fuel_type: 'coal',
        available: 'maybe',
        specifications: 'big',
        gallery: 'javascript:void(0)',
      },
    });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toEqual(['available', 'category', 'dailyRate', 'fuelType', 'gallery.0', 'model', 'specifications']);
  });

  test('deleting a car keeps the booking with its name', async () => {
    const car = await createCar({ model: 'Booked Car' });
    const [booking] = await db()
      .insert(bookings)
      .values({ type: 'car', carId: car.id, itemName: car.model, name: 'Tashi', email: 't@example.com', phone: '+91 98320 00000', startDate: '2026-09-01' })
      .returning();
    expect((await call(carAction, `/api/cars/${car.id}`, { method: 'DELETE', params: { id: car.id }, headers: auth })).status).toBe(204);
    const [kept] = await db().select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(kept).toMatchObject({ carId: null, itemName: 'Booked Car' });
  });
});

describe('the guard and the transport', () => {
  /** One write of the table: `send` calls its action, with `id` in the URL and params where the route has one. */
  type Write = { name: string; method: string; send: (headers?: Record<string, string>, id?: string) => Promise<CallResult> };
  const create = (name: string, action: RouteFunction, url: string, body: unknown): Write => ({
    name,
    method: 'POST',
    send: (headers = {}) => call(action, url, { method: 'POST', body, headers }),
  });
  const change = (name: string, action: RouteFunction<{ id: string }>, url: string, method: string, body: unknown): Write => ({
    name,
    method,
    send: (headers = {}, id = UNKNOWN_ID) => call(action, `${url}/${id}`, { method, params: { id }, body, headers }),
  });
  const writes = [
    create('POST /api/packages', packagesAction, '/api/packages', validPackage),
    change('PUT /api/packages/:id', packageAction, '/api/packages', 'PUT', validPackage),
    change('DELETE /api/packages/:id', packageAction, '/api/packages', 'DELETE', undefined),
    create('POST /api/bikes', bikesAction, '/api/bikes', validBike),
    change('PUT /api/bikes/:id', bikeAction, '/api/bikes', 'PUT', validBike),
    change('DELETE /api/bikes/:id', bikeAction, '/api/bikes', 'DELETE', undefined),
    create('POST /api/cars', carsAction, '/api/cars', validCar),
    change('PUT /api/cars/:id', carAction, '/api/cars', 'PUT', validCar),
    change('DELETE /api/cars/:id', carAction, '/api/cars', 'DELETE', undefined),
  ];

  test.each(writes)('$name: 401 without a session or with an unknown Bearer token, 403 cross-site with the cookie', async ({ send }) => {
    const counts = [await rowsOf(tourPackages), await rowsOf(bikes), await rowsOf(cars)];
    const anonymous = await send();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: expect.any(String) });
    const forged = await send({ Authorization: `Bearer ${'x'.repeat(43)}` });
    expect(forged.status).toBe(401);
    const crossSite = await send({ Cookie: cookie, Origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect([await rowsOf(tourPackages), await rowsOf(bikes), await rowsOf(cars)]).toEqual(counts);
  });

  test.each(writes.filter((w) => w.method !== 'POST'))('$name: 404 for an unknown id or one that is not a UUID', async ({ send }) => {
    expect((await send(auth)).status).toBe(404);
    const bad = await send(auth, 'not-a-uuid');
    expect(bad.status).toBe(404);
    expect(bad.body).toMatchObject({ error: expect.stringMatching(/not found/) });
  });

  test('a same-origin cookie works; a Bearer token works without Origin', async () => {
    const viaCookie = await call(carsAction, '/api/cars', { body: validCar, headers: browserHeaders(cookie) });
    expect(viaCookie.status).toBe(201);
    const viaBearer = await call(carsAction, '/api/cars', { body: validCar, headers: auth });
    expect(viaBearer.status).toBe(201);
  });

  test('413 over 64 KB, 415 for another content type, 400 for malformed JSON or a non-object, 405 with Allow', async () => {
    const before = await rowsOf(bikes);
    const big = await call(bikesAction, '/api/bikes', { headers: auth, body: { ...validBike, description: 'x'.repeat(70 * 1024) } });
    expect(big.status).toBe(413);
    const form = await call(bikesAction, '/api/bikes', {
      headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'model=x&dailyRate=1',
    });
    expect(form.status).toBe(415);
    // A body without a content type is not read as JSON (docs/decisions/045-security-round-two.md, section 1).
    const untyped = await call(bikesAction, '/api/bikes', { headers: { ...auth, 'Content-Type': '' }, body: validBike });
    expect({ status: untyped.status, error: (untyped.body as { error?: string } | null)?.error }).toEqual({
      status: 415,
      error: 'Send JSON (application/json)',
    });
    const malformed = await call(bikesAction, '/api/bikes', { headers: auth, body: '{"model":' });
    expect(malformed.status).toBe(400);
    const array = await call(bikesAction, '/api/bikes', { headers: auth, body: '[1,2]' });
    expect(array.status).toBe(400);
    expect(await rowsOf(bikes)).toBe(before);

    const patch = await call(bikeAction, `/api/bikes/${UNKNOWN_ID}`, { method: 'PATCH', params: { id: UNKNOWN_ID }, headers: auth, body: {} });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('Allow')).toBe('GET, PUT, DELETE');
    const putList = await call(packagesAction, '/api/packages', { method: 'PUT', headers: auth, body: {} });
    expect(putList.status).toBe(405);
    expect(putList.headers.get('Allow')).toBe('GET, POST');
  });
});

describe('the write schemas read Conform form data', () => {
  const parse = <S extends Parameters<typeof parseWithZod>[1]['schema']>(schema: S, entries: [string, string][]) => {
    const form = new FormData();
    for (const [k, v] of entries) form.append(k, v);
    return parseWithZod(form, { schema, disableAutoCoercion: true });
  };

  test('strings become numbers, checkboxes are on or absent, blank list entries are dropped', () => {
    const bike = parse(bikeWriteSchema, [
      ['model', ' Himalayan 450 '],
      ['dailyRate', '1500.50'],
      ['available', 'on'],
      ['gallery[0]', '/images/bikes/himalayan-450.svg'],
      ['gallery[1]', '   '],
      ['gallery[2]', 'https://example.com/b.webp'],
      ['specifications.fuelCapacity', '17 L'],
      ['rating', '4.7'],
      ['reviewCount', '12'],
      ['tag', ''],
    ]);
    expect(bike.status).toBe('success');
    expect(bike.status === 'success' && bike.value).toMatchObject({
      model: 'Himalayan 450',
      dailyRate: 1500.5,
      available: true,
      featured: false,
      gallery: ['/images/bikes/himalayan-450.svg', 'https://example.com/b.webp'],
      specifications: { weight: '', fuelCapacity: '17 L', seatHeight: '', groundClearance: '' },
      rating: 4.7,
      reviewCount: 12,
      tag: null,
    });

    const car = parse(carWriteSchema, [
      ['model', 'Swift'],
      ['dailyRate', '0'],
    ]);
    expect(car.status === 'success' && car.value).toMatchObject({ available: false, ac: false, dailyRate: 0, category: 'suv', fuelType: 'petrol' });
    // The API reads an absent `available` / `ac` as true.
    expect(carWriteSchema.parse(normalizeCarInput({ model: 'Swift', dailyRate: 0 }))).toMatchObject({ available: true, ac: true });
  });

  test('required fields and the daily rate answer with the field messages', () => {
    const bike = parse(bikeWriteSchema, [
      ['model', ''],
      ['dailyRate', ''],
    ]);
    expect(bike.status).toBe('error');
    expect(bike.reply().error).toEqual({ model: ['This field is required'], dailyRate: ['This field is required'] });
    const car = parse(carWriteSchema, [
      ['model', 'X'],
      ['dailyRate', '12abc'],
    ]);
    expect(car.reply().error).toEqual({ dailyRate: ['Enter a number of rupees, 0 or more'] });
    const pkg = parse(packageWriteSchema, []);
    expect(pkg.reply().error).toEqual({ title: ['This field is required'], description: ['This field is required'] });
  });

  test('itinerary: days numbered by order (a posted day number is ignored), blank rows dropped (error paths keep the form rows); end date >= start date', () => {
    const bad = parse(packageWriteSchema, [
      ['title', 'T'],
      ['description', 'D'],
      ['itinerary[0].day', '1'],
      ['itinerary[0].title', 'Arrive'],
      ['itinerary[1].day', '2'],
      ['itinerary[1].title', ''],
      ['itinerary[2].day', '0'],
      ['itinerary[2].title', 'Zero'],
      ['startDate', '2026-05-10'],
      ['endDate', '2026-05-09'],
      ['accommodation[0].nights', 'two'],
      ['accommodation[0].hotel', 'Hotel'],
    ]);
    expect(bad.reply().error).toEqual({
      endDate: ['The end date cannot be before the start date'],
      'accommodation[0].nights': ['Enter a whole number of nights, 0 or more'],
    });

    const good = parse(packageWriteSchema, [
      ['title', 'T'],
      ['description', 'D'],
      ['price', ''],
      ['maxPersons', ''],
      ['startDate', ''],
      ['highlights[0]', 'Views'],
      ['highlights[1]', ''],
      ['itinerary[0].day', '1'],
      ['itinerary[0].title', 'Arrive'],
      ['itinerary[0].activities[0]', 'Walk'],
      ['itinerary[0].activities[1]', ' '],
      ['itinerary[1].day', '2'],
      ['itinerary[1].activities[0]', ''],
      ['accommodation[0].nights', '1'],
      ['inclusions[0]', DEFAULT_INCLUSIONS[0]!],
      ['exclusions[0]', DEFAULT_EXCLUSIONS[0]!],
      ['featured', 'on'],
    ]);
    expect(good.status).toBe('success');
    expect(good.status === 'success' && good.value).toMatchObject({
      price: 0,
      maxPersons: null,
      startDate: null,
      endDate: null,
      highlights: ['Views'],
      itinerary: [{ day: 1, title: 'Arrive', description: '', activities: ['Walk'], meals: '', stay: '' }],
      accommodation: [],
      inclusions: [DEFAULT_INCLUSIONS[0]],
      featured: true,
    });
  });

  test('normalize: snake_case at every level, camelCase wins, __proto__ stays plain data', () => {
    const input = normalizePackageInput(
      JSON.parse('{"image_url":"/a.svg","imageUrl":"/b.svg","__proto__":{"polluted":true},"itinerary":[{"day":1,"title":"x","stay_at":"y"}]}'),
    );
    expect(input.imageUrl).toBe('/b.svg');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((input.itinerary as Record<string, unknown>[])[0]).toHaveProperty('stayAt', 'y');
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    const bike = normalizeBikeInput({ specifications: { fuel_capacity: '17 L', seat_height: '825 mm', ground_clearance: '230 mm' } });
    expect(bike.specifications).toEqual({ fuelCapacity: '17 L', seatHeight: '825 mm', groundClearance: '230 mm' });
  });

  test('image URLs: a site path or http(s); other schemes and protocol-relative URLs are refused', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/x.png',
      '/\\evil.example',
      'ftp://x/y.png',
      'JaVaScRiPt:alert(1)',
      '/a b.png',
    ]) {
      const result = bikeWriteSchema.safeParse({ model: 'M', dailyRate: 1, imageUrl: url });
      expect(result.success, url).toBe(false);
    }
    for (const url of ['', '/uploads/abc-960.webp', 'https://cdn.example.com/a.jpg', 'http://example.com/b.png']) {
      expect(bikeWriteSchema.safeParse({ model: 'M', dailyRate: 1, imageUrl: url }).success, url).toBe(true);
    }
  });
});

describe('admin lists', () => {
  test('newest first, searched by title / model, paged with the total', async () => {
    const tag = `Q${Date.now()}`;
    const older = await createPackage({ title: `${tag} Older`, createdAt: new Date('2026-01-01T00:00:00Z') });
    const newer = await createPackage({ title: `${tag} Newer`, createdAt: new Date('2026-02-01T00:00:00Z') });
    const page = await listPackagesForAdmin({ q: tag.toLowerCase(), limit: 1, offset: 0 });
    expect(page.total).toBe(2);
    expect(page.items.map((p) => p.id)).toEqual([newer.id]);
    expect((await listPackagesForAdmin({ q: tag, limit: 1, offset: 1 })).items.map((p) => p.id)).toEqual([older.id]);
    expect((await listPackagesForAdmin({ q: '100%_' })).total).toBe(0);

    await createCar({ model: `${tag} Car` });
    expect((await listCarsForAdmin({ q: tag })).items.map((c) => c.model)).toEqual([`${tag} Car`]);
    await createBikeRecord(bikeWriteSchema.parse({ model: `${tag} Bike`, dailyRate: 1 }));
    expect((await listBikesForAdmin({ q: tag })).total).toBe(1);
  });
});

describe('OpenAPI', () => {
  test('describes the writes with request schemas, responses and security, and the auth endpoints', () => {
    const doc = openApiDocument();
    const paths = doc.paths as Record<string, Record<string, { security?: unknown; responses: Record<string, unknown>; requestBody?: unknown }>>;
    for (const [path, method] of [
      ['/api/packages', 'post'],
      ['/api/packages/{id}', 'put'],
      ['/api/packages/{id}', 'delete'],
      ['/api/bikes', 'post'],
      ['/api/bikes/{id}', 'put'],
      ['/api/bikes/{id}', 'delete'],
      ['/api/cars', 'post'],
      ['/api/cars/{id}', 'put'],
      ['/api/cars/{id}', 'delete'],
    ] as const) {
      const op = paths[path]![method]!;
      expect(op.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '403', ...(method === 'post' ? ['400', '413'] : ['404'])]));
    }
    expect(paths['/api/packages']!.get).toBeDefined();
    expect(paths['/api/auth/login']!.post!.responses).toHaveProperty('429');
    expect(paths['/api/auth/logout']!.post!.responses).toHaveProperty('204');
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      cookieAuth: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'hx_session' }),
    });
    const bike = JSON.stringify(doc.components.schemas.BikeWrite);
    expect(bike).toContain('fuelCapacity');
    expect(doc.components.schemas.BikeWrite.required).toEqual(['model', 'dailyRate']);
    expect(doc.components.schemas.PackageWrite.required).toEqual(['title', 'description']);
  });
});
