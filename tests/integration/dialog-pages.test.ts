/**
 * The pages that do the dialogs' jobs without scripts (docs/architecture.md, "Controls before and
 * after hydration"): /inquire stores the same inquiry as the dialog, with the WhatsApp hand-off as a
 * link; /bikes/:id/book and /cars/:id/book store the same booking, for the page's vehicle whatever
 * the form says, with the helmet or driver box read the way a browser sends it; /booking?package=
 * chooses the package. Form posts, as a browser without JavaScript sends them.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { publicContentChanged } from '~/lib/public-content.server';
import { bookings, inquiries } from '~/db/schema';
import { loader as bookingLoader } from '~/routes/site/booking';
import { action as inquireAction, loader as inquireLoader } from '~/routes/site/inquire';
import { action as vehicleAction, loader as vehicleLoader } from '~/routes/site/vehicle-booking';
import { routeArgs, settle, type NoParams, type RouteFunction } from '../route-args';
import { createBike, createCar, createPackage } from '../factories';
import { inDays, traveller } from './submissions-helpers';

process.env.RATE_LIMIT_SUBMISSIONS_PER_MINUTE = '100000';

/** POST a urlencoded form (repeated names allowed) to an action. */
function postForm<P extends object = NoParams>(action: RouteFunction<P>, url: string, fields: [string, string][], params?: P) {
  const init: RequestInit = {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost' },
    body: new URLSearchParams(fields).toString(),
  };
  return settle(() => action(routeArgs(url, params, init)));
}

const contact: [string, string][] = Object.entries(traveller);

describe('/inquire', () => {
  test('the loader answers the tab of the address, packages for anything else, with the option lists', async () => {
    const car = await createCar({ model: 'Inquire Page Cab' });
    await publicContentChanged('test: a car added');
    const cabs = await settle(() => inquireLoader(routeArgs('/inquire?tab=cabs')));
    expect(cabs.body).toMatchObject({ tab: 'cabs' });
    expect((cabs.body as { options: { cars: { model: string }[] } }).options.cars.map((c) => c.model)).toContain('Inquire Page Cab');
    expect(car.id).toBeTruthy();
    expect((await settle(() => inquireLoader(routeArgs('/inquire?tab=nonsense')))).body).toMatchObject({ tab: 'packages' });
  });

  test('a cabs inquiry is stored and answered with its reference and the WhatsApp hand-off', async () => {
    const car = await createCar({ model: 'Inquire Page Innova' });
    // The factory writes past the models, which would signal the change themselves.
    await publicContentChanged('test: a car added');
    const res = await postForm(inquireAction, '/inquire?tab=cabs', [
      ['type', 'cabs'],
      ...contact,
      ['cabType', car.id],
      ['pickupLocation', 'Bagdogra Airport'],
      ['dropoffLocation', 'MG Marg'],
      ['date', inDays(4)],
      ['message', ''],
    ]);
    expect(res.status).toBe(200);
    const sent = (res.body as { sent: { reference: string; whatsapp: string } }).sent;
    expect(sent.reference).toMatch(/^[A-Z0-9]{6}$/);
    const text = new URL(sent.whatsapp).searchParams.get('text')!;
    expect(text).toContain("Hello! I'd like to make a cabs inquiry:");
    expect(text).toContain('Cab Type: Inquire Page Innova');
    const [row] = await db().select().from(inquiries).where(eq(inquiries.pickupLocation, 'Bagdogra Airport'));
    expect(row).toMatchObject({ type: 'cabs', carId: car.id, status: 'pending' });
  });

  test('a bad form is answered with its fields and stores nothing', async () => {
    const before = (await db().select().from(inquiries)).length;
    const res = await postForm(inquireAction, '/inquire?tab=rentals', [
      ['type', 'rentals'],
      ['name', ''],
      ['email', 'nope'],
      ['phone', ''],
      ['date', ''],
    ]);
    expect(res.status).toBe(400);
    const errors = (res.body as { result: { error: Record<string, string[]> } }).result.error;
    expect(Object.keys(errors).sort()).toEqual(['date', 'email', 'name', 'phone']);
    expect((await db().select().from(inquiries)).length).toBe(before);
  });
});

describe('/bikes/:id/book and /cars/:id/book', () => {
  test("a bike booking is stored for the page's bike, the unticked helmet box read as no helmet", async () => {
    const bike = await createBike({ model: 'Book Page Himalayan', available: true });
    const other = await createBike({ model: 'Some Other Bike', available: true });
    const loaded = await settle(() => vehicleLoader(routeArgs(`/bikes/${bike.id}/book`, { id: bike.id })));
    expect(loaded.body).toMatchObject({ vehicle: { type: 'bike', id: bike.id, model: 'Book Page Himalayan', available: true } });

    const res = await postForm(
      vehicleAction,
      `/bikes/${bike.id}/book`,
      // The hidden 'false' alone: the box was unticked. The itemId names another bike: the page's wins.
      [
        ['type', 'bike'],
        ['itemId', other.id],
        ...contact,
        ['startDate', inDays(30)],
        ['endDate', inDays(32)],
        ['needHelmet', 'false'],
        ['publicityConsent', 'false'],
        ['message', ''],
      ],
      { id: bike.id },
    );
    expect(res.status).toBe(200);
    expect((res.body as { sent: { reference: string } }).sent.reference).toMatch(/^[A-Z0-9]{6}$/);
    const [row] = await db().select().from(bookings).where(eq(bookings.bikeId, bike.id));
    // The publicity consent box was left unticked too: the booking never reaches the public toast.
    expect(row).toMatchObject({ type: 'bike', needHelmet: false, publicityConsent: false, status: 'pending' });
    expect(await db().select().from(bookings).where(eq(bookings.bikeId, other.id))).toEqual([]);
  });

  test('a ticked box (hidden false, then true) is read as true, the publicity consent box too', async () => {
    const car = await createCar({ model: 'Book Page Scorpio', available: true });
    const res = await postForm(
      vehicleAction,
      `/cars/${car.id}/book`,
      [
        ['type', 'car'],
        ['itemId', car.id],
        ...contact,
        ['startDate', inDays(50)],
        ['needDriver', 'false'],
        ['needDriver', 'true'],
        ['publicityConsent', 'false'],
        ['publicityConsent', 'true'],
      ],
      { id: car.id },
    );
    expect(res.status).toBe(200);
    const [row] = await db().select().from(bookings).where(eq(bookings.carId, car.id));
    expect(row).toMatchObject({ type: 'car', needDriver: true, publicityConsent: true });
  });

  test('an unknown vehicle is a 404, and a bike page does not book a car', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await settle(() => vehicleLoader(routeArgs(`/cars/${missing}/book`, { id: missing })))).status).toBe(404);
    const car = await createCar({ model: 'Not A Bike' });
    expect((await settle(() => vehicleLoader(routeArgs(`/bikes/${car.id}/book`, { id: car.id })))).status).toBe(404);
  });
});

describe('/booking?package=', () => {
  test('chooses a listed package and ignores anything else', async () => {
    const pkg = await createPackage({ title: 'Chosen By Link' });
    expect((await settle(() => bookingLoader(routeArgs(`/booking?package=${pkg.id}`)))).body).toMatchObject({ chosen: pkg.id });
    expect((await settle(() => bookingLoader(routeArgs('/booking?package=not-an-id')))).body).toMatchObject({ chosen: null });
  });
});
