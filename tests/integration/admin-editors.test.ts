/**
 * The actions of the package, bike and car editors (docs/product.md, "Admin editing"): a save
 * redirects to the list with the success toast; a missing required field answers 400 with 'Please
 * fill all required fields' and the fields' errors; a list intent (add or remove a row without
 * JavaScript) saves nothing and renumbers itinerary days after a removal; an unknown id is a 404; an
 * unexpected failure keeps what was typed and answers with the entity's error toast.
 */
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { getBike } from '~/models/bike.server';
import { getCar } from '~/models/car.server';
import { getPackage } from '~/models/package.server';
import type * as CarModel from '~/models/car.server';
import { action as editCarAction } from '~/routes/admin/cars/edit';
import { action as newCarAction } from '~/routes/admin/cars/new';
import { action as newBikeAction } from '~/routes/admin/bikes/new';
import { action as newPackageAction, loader as newPackageLoader } from '~/routes/admin/packages/new';
import { action as editPackageAction } from '~/routes/admin/packages/edit';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createBike, createCar, createPackage } from '../factories';
import { routeArgs, settle, type NoParams } from '../route-args';

const failNextSave = vi.hoisted(() => ({ car: false }));

vi.mock('~/models/car.server', async (importOriginal) => {
  const original = await importOriginal<typeof CarModel>();
  return {
    ...original,
    createCar: async (...args: Parameters<typeof original.createCar>) => {
      if (failNextSave.car) throw new Error('database went away');
      return original.createCar(...args);
    },
  };
});

const UNKNOWN_ID = '3f2a5c1e-8b4d-4c6e-9a7b-1d2e3f4a5b6c';
let cookie: string;

beforeAll(async () => {
  cookie = (await createStaffSession()).cookie;
});

afterEach(() => {
  failNextSave.car = false;
});

function post<P extends object = NoParams>(url: string, fields: [string, string][], params?: P) {
  const body = new URLSearchParams(fields);
  return routeArgs(url, params, {
    method: 'POST',
    body,
    headers: browserHeaders(cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
  });
}

type Reply = { result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }; toast?: string };

describe('editor actions', () => {
  test('refuse an anonymous visitor', async () => {
    const outcome = await settle(() => newPackageLoader(routeArgs('/admin/packages/new')));
    expect(outcome.status).toBe(302);
    const action = await settle(() =>
      newCarAction(routeArgs('/admin/cars/new', {}, { method: 'POST', body: new URLSearchParams({ model: 'X', dailyRate: '1' }) })),
    );
    expect(action.status).toBe(302);
    expect(action.headers.get('Location')).toMatch(/^\/admin\/login/);
  });

  test('a valid car is saved and the browser goes back to the list with the toast', async () => {
    const outcome = await settle(() =>
      newCarAction(
        post('/admin/cars/new', [
          ['model', 'Action Test Car'],
          ['dailyRate', '2500'],
          ['available', 'on'],
        ]),
      ),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get('Location')).toBe('/admin/cars');
    expect(outcome.headers.get('Set-Cookie')).toBeTruthy();
  });

  test('an empty car answers 400 with the required-fields message and both fields marked', async () => {
    const outcome = await settle(() =>
      newCarAction(
        post('/admin/cars/new', [
          ['model', ''],
          ['dailyRate', ''],
        ]),
      ),
    );
    expect(outcome.status).toBe(400);
    const { result } = outcome.body as Reply;
    expect(result.error?.['']).toEqual(['Please fill all required fields']);
    expect(result.error?.model).toBeTruthy();
    expect(result.error?.dailyRate).toBeTruthy();
  });

  test('a bad daily rate alone is an error without the required-fields message', async () => {
    const outcome = await settle(() =>
      newBikeAction(
        post('/admin/bikes/new', [
          ['model', 'Bike'],
          ['dailyRate', '-5'],
        ]),
      ),
    );
    expect(outcome.status).toBe(400);
    const { result } = outcome.body as Reply;
    expect(result.error?.['']).toBeUndefined();
    expect(result.error?.dailyRate).toEqual(['Enter a number of rupees, 0 or more']);
  });

  test('removing an itinerary day without JavaScript saves nothing and renumbers the days', async () => {
    const intent = JSON.stringify({ type: 'remove', payload: { name: 'itinerary', index: 0 } });
    const outcome = await settle(() =>
      newPackageAction(
        post('/admin/packages/new', [
          ['title', 'Kept'],
          ['itinerary[0].day', '1'],
          ['itinerary[0].title', 'First'],
          ['itinerary[1].day', '2'],
          ['itinerary[1].title', 'Second'],
          ['itinerary[1].activities', 'Walk\nTea'],
          ['itinerary[2].day', '3'],
          ['itinerary[2].title', 'Third'],
          ['__intent__', intent],
        ]),
      ),
    );
    expect(outcome.status).toBe(200);
    const { result } = outcome.body as Reply;
    expect(result.status).toBeUndefined();
    expect(result.error?.['']).toBeUndefined();
    expect(result.initialValue?.title).toBe('Kept');
    expect(result.initialValue?.itinerary).toEqual([
      { day: '1', title: 'Second', activities: ['Walk', 'Tea'] },
      { day: '2', title: 'Third' },
    ]);
  });

  test('an unknown id at update is a 404', async () => {
    const outcome = await settle(() =>
      editPackageAction(
        post(
          `/admin/packages/edit/${UNKNOWN_ID}`,
          [
            ['title', 'T'],
            ['description', 'D'],
          ],
          { id: UNKNOWN_ID },
        ),
      ),
    );
    expect(outcome.status).toBe(404);
  });

  test('an update replaces the car and redirects with the update toast', async () => {
    const car = await createCar({ model: 'Before Update' });
    const outcome = await settle(() =>
      editCarAction(
        post(
          `/admin/cars/edit/${car.id}`,
          [
            ['model', 'After Update'],
            ['dailyRate', '4100'],
          ],
          { id: car.id },
        ),
      ),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get('Location')).toBe('/admin/cars');
    const saved = await getCar(car.id);
    expect(saved).toMatchObject({ model: 'After Update', dailyRate: 4100, available: false });
  });

  test('an unexpected failure keeps what was typed and answers with the error toast', async () => {
    failNextSave.car = true;
    const outcome = await settle(() =>
      newCarAction(
        post('/admin/cars/new', [
          ['model', 'Typed Model'],
          ['dailyRate', '1999'],
        ]),
      ),
    );
    expect(outcome.status).toBe(500);
    const body = outcome.body as Reply;
    expect(body.toast).toBe('An error occurred. Please try again.');
    expect(body.result.error?.['']).toEqual(['An error occurred. Please try again.']);
    expect(body.result.initialValue).toMatchObject({ model: 'Typed Model', dailyRate: '1999' });
  });

  test('rupee amounts written the Indian way are read, not stored as 0 (docs/decisions/008-money-dates-ids.md)', async () => {
    const pkg = await createPackage({ title: 'Priced Tour', price: 100 });
    const outcome = await settle(() =>
      editPackageAction(
        post(
          `/admin/packages/edit/${pkg.id}`,
          [
            ['title', 'Priced Tour'],
            ['description', 'D'],
            ['price', '24,999'],
          ],
          { id: pkg.id },
        ),
      ),
    );
    expect(outcome.status).toBe(302);
    expect((await getPackage(pkg.id))?.price).toBe(24999);

    const car = await createCar({ model: 'Rated Car' });
    await settle(() =>
      editCarAction(
        post(
          `/admin/cars/edit/${car.id}`,
          [
            ['model', 'Rated Car'],
            ['dailyRate', '₹ 1,25,000'],
          ],
          { id: car.id },
        ),
      ),
    );
    expect((await getCar(car.id))?.dailyRate).toBe(125000);

    const bike = await createBike({ model: 'Rated Bike' });
    const { action: editBikeAction } = await import('~/routes/admin/bikes/edit');
    await settle(() =>
      editBikeAction(
        post(
          `/admin/bikes/edit/${bike.id}`,
          [
            ['model', 'Rated Bike'],
            ['dailyRate', 'Rs. 2,499.50'],
          ],
          { id: bike.id },
        ),
      ),
    );
    expect((await getBike(bike.id))?.dailyRate).toBe(2499.5);
  });

  test('an amount that is not rupees is refused with a field message and nothing changes', async () => {
    const pkg = await createPackage({ title: 'Unchanged Tour', price: 5000 });
    const outcome = await settle(() =>
      editPackageAction(
        post(
          `/admin/packages/edit/${pkg.id}`,
          [
            ['title', 'Unchanged Tour'],
            ['description', 'D'],
            ['price', '24,99'],
          ],
          { id: pkg.id },
        ),
      ),
    );
    expect(outcome.status).toBe(400);
    expect((outcome.body as Reply).result.error?.price?.[0]).toMatch(/rupees/);
    expect((await getPackage(pkg.id))?.price).toBe(5000);
  });

  test('itinerary days are numbered 1..n by their order, whatever day numbers are posted', async () => {
    const pkg = await createPackage({ title: 'Numbered Tour' });
    const days = ['1', '2', '3', '4', '5', '3'];
    const fields: [string, string][] = [
      ['title', 'Numbered Tour'],
      ['description', 'D'],
    ];
    days.forEach((day, i) => fields.push([`itinerary[${i}].day`, day], [`itinerary[${i}].title`, `Stop ${i + 1}`]));
    fields.push(['itinerary[6].day', '0'], ['itinerary[6].title', 'Last']);
    const outcome = await settle(() => editPackageAction(post(`/admin/packages/edit/${pkg.id}`, fields, { id: pkg.id })));
    expect(outcome.status).toBe(302);
    const saved = await getPackage(pkg.id);
    expect(saved?.itinerary.map((d) => [d.day, d.title])).toEqual([
      [1, 'Stop 1'],
      [2, 'Stop 2'],
      [3, 'Stop 3'],
      [4, 'Stop 4'],
      [5, 'Stop 5'],
      [6, 'Stop 6'],
      [7, 'Last'],
    ]);
  });
});
