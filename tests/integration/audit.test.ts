/**
 * The audit log of the catalogue (docs/decisions/017-audit-log.md): every create, update and delete
 * of a package, bike or car through the admin API and through the admin pages writes one entry in the
 * same transaction (who, action, entity, summary, the changed fields); a write that fails leaves no
 * entry and an entry that fails leaves no write. Then /admin/audit: newest first, the filters
 * (action, record, user, India days, free text), paging and links to records that still exist.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, bikes, cars, tourPackages, users } from '~/db/schema';
import { createBike, deleteBike, getBike, updateBike } from '~/models/bike.server';
import { createPackage, getPackage } from '~/models/package.server';
import { indiaDayStart, recordAudit, type AuditActor } from '~/models/audit.server';
import * as auditRoute from '~/routes/admin/audit';
import * as bikeList from '~/routes/admin/bikes/list';
import { action as newBikeAction } from '~/routes/admin/bikes/new';
import * as carList from '~/routes/admin/cars/list';
import { action as editCarAction } from '~/routes/admin/cars/edit';
import { action as newCarAction } from '~/routes/admin/cars/new';
import { action as editPackageAction } from '~/routes/admin/packages/edit';
import * as packageList from '~/routes/admin/packages/list';
import { action as newPackageAction } from '~/routes/admin/packages/new';
import { action as bikeApi } from '~/routes/api/bike';
import { action as bikesApi } from '~/routes/api/bikes';
import { action as carApi } from '~/routes/api/car';
import { action as carsApi } from '~/routes/api/cars';
import { action as packageApi } from '~/routes/api/package';
import { action as packagesApi } from '~/routes/api/packages';
import { bikeWriteSchema } from '~/schemas/bike';
import { packageWriteSchema } from '~/schemas/package';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { routeArgs, settle, type NoParams } from '../route-args';
import { call, validBike, validCar, validPackage } from './catalog-write-helpers';

let staff: Awaited<ReturnType<typeof createStaffSession>>;
let bearer: Record<string, string>;

beforeAll(async () => {
  staff = await createStaffSession('audit-api');
  bearer = { Authorization: staff.authorization };
});

beforeEach(async () => {
  await db().delete(auditLog);
});

/** Every entry, oldest first. */
async function entries() {
  return db().select().from(auditLog).orderBy(auditLog.createdAt);
}

async function entriesFor(entityId: string) {
  return db().select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.createdAt);
}

function form<P extends object = NoParams>(url: string, fields: [string, string][], params?: P) {
  return routeArgs(url, params, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: browserHeaders(staff.cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
  });
}

describe('the admin API records each catalogue write', () => {
  test('package: create, update and delete, each with its summary and changed fields', async () => {
    const created = await call(packagesApi, '/api/packages', { body: validPackage, headers: bearer });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;

    const put = await call(packageApi, `/api/packages/${id}`, {
      method: 'PUT',
      params: { id },
      headers: bearer,
      body: { ...validPackage, title: 'Zuluk Silk Route Deluxe', price: 14000 },
    });
    expect(put.status).toBe(200);
    const del = await call(packageApi, `/api/packages/${id}`, { method: 'DELETE', params: { id }, headers: bearer });
    expect(del.status).toBe(204);

    const [create, update, remove] = await entriesFor(id);
    expect(create).toMatchObject({
      actorId: staff.user.id,
      actorName: 'audit-api',
      action: 'create',
      entityType: 'package',
      entityId: id,
      summary: 'Created package Zuluk Silk Route',
    });
    expect(create!.changes).toMatchObject({ title: { from: null, to: 'Zuluk Silk Route' }, price: { from: null, to: 12500.5 } });
    // Only fields given a value, and no bookkeeping columns.
    expect(Object.keys(create!.changes!)).not.toContain('id');
    expect(Object.keys(create!.changes!)).not.toContain('createdAt');
    expect(Object.values(create!.changes!).every((change) => change.from === null && change.to !== null && change.to !== '')).toBe(true);

    expect(update).toMatchObject({ action: 'update', summary: 'Updated package Zuluk Silk Route Deluxe' });
    expect(update!.changes).toEqual({
      title: { from: 'Zuluk Silk Route', to: 'Zuluk Silk Route Deluxe' },
      price: { from: 12500.5, to: 14000 },
    });
    expect(remove).toMatchObject({
      action: 'delete',
      summary: 'Deleted package Zuluk Silk Route Deluxe',
      changes: { title: { from: 'Zuluk Silk Route Deluxe', to: null } },
    });
  });

  test('bike and car: create, update and delete', async () => {
    const bike = await call(bikesApi, '/api/bikes', { body: validBike, headers: bearer });
    const bikeId = (bike.body as { id: string }).id;
    await call(bikeApi, `/api/bikes/${bikeId}`, {
      method: 'PUT',
      params: { id: bikeId },
      headers: bearer,
      body: { ...validBike, available: !validBike.available },
    });
    await call(bikeApi, `/api/bikes/${bikeId}`, { method: 'DELETE', params: { id: bikeId }, headers: bearer });
    expect((await entriesFor(bikeId)).map((e) => [e.action, e.entityType, e.summary, e.actorName])).toEqual([
      ['create', 'bike', `Created bike ${validBike.model}`, 'audit-api'],
      ['update', 'bike', `Updated bike ${validBike.model}`, 'audit-api'],
      ['delete', 'bike', `Deleted bike ${validBike.model}`, 'audit-api'],
    ]);
    expect((await entriesFor(bikeId))[1]!.changes).toEqual({ available: { from: validBike.available, to: !validBike.available } });

    const car = await call(carsApi, '/api/cars', { body: validCar, headers: bearer });
    const carId = (car.body as { id: string }).id;
    await call(carApi, `/api/cars/${carId}`, { method: 'PUT', params: { id: carId }, headers: bearer, body: { ...validCar, dailyRate: 9999 } });
    await call(carApi, `/api/cars/${carId}`, { method: 'DELETE', params: { id: carId }, headers: bearer });
    const carEntries = await entriesFor(carId);
    expect(carEntries.map((e) => [e.action, e.entityType, e.summary])).toEqual([
      ['create', 'car', `Created car ${validCar.model}`],
      ['update', 'car', `Updated car ${validCar.model}`],
      ['delete', 'car', `Deleted car ${validCar.model}`],
    ]);
    expect(carEntries[1]!.changes).toEqual({ dailyRate: { from: validCar.dailyRate, to: 9999 } });
  });

  test('a refused body, an unknown id or a failed guard records nothing', async () => {
    const bad = await call(bikesApi, '/api/bikes', { body: { model: '' }, headers: bearer });
    expect(bad.status).toBe(400);
    const unknown = randomUUID();
    expect((await call(carApi, `/api/cars/${unknown}`, { method: 'DELETE', params: { id: unknown }, headers: bearer })).status).toBe(404);
    expect((await call(carApi, `/api/cars/${unknown}`, { method: 'PUT', params: { id: unknown }, headers: bearer, body: validCar })).status).toBe(404);
    expect((await call(bikesApi, '/api/bikes', { body: validBike })).status).toBe(401);
    expect(await entries()).toEqual([]);
  });
});

describe('the admin pages record each catalogue write', () => {
  test('package editor (new and edit) and list delete', async () => {
    const created = await settle(() =>
      newPackageAction(
        form('/admin/packages/new', [
          ['title', 'Page Made Tour'],
          ['description', 'From the editor.'],
          ['price', '5000'],
        ]),
      ),
    );
    expect(created.status).toBe(302);
    const [row] = await db().select().from(tourPackages).where(eq(tourPackages.title, 'Page Made Tour'));
    const id = row!.id;
    const edited = await settle(() =>
      editPackageAction(
        form(
          `/admin/packages/edit/${id}`,
          [
            ['title', 'Page Made Tour'],
            ['description', 'Changed in the editor.'],
            ['price', '5000'],
          ],
          { id },
        ),
      ),
    );
    expect(edited.status).toBe(302);
    const deleted = await settle(() =>
      packageList.action(
        form('/admin/packages', [
          ['intent', 'delete'],
          ['id', id],
        ]),
      ),
    );
    expect(deleted.status).toBe(302);

    const list = await entriesFor(id);
    expect(list.map((e) => [e.action, e.summary, e.actorName, e.actorId])).toEqual([
      ['create', 'Created package Page Made Tour', 'audit-api', staff.user.id],
      ['update', 'Updated package Page Made Tour', 'audit-api', staff.user.id],
      ['delete', 'Deleted package Page Made Tour', 'audit-api', staff.user.id],
    ]);
    expect(list[1]!.changes).toEqual({ description: { from: 'From the editor.', to: 'Changed in the editor.' } });
  });

  test('bike and car editors and list deletes', async () => {
    expect(
      (
        await settle(() =>
          newBikeAction(
            form('/admin/bikes/new', [
              ['model', 'Page Bike'],
              ['dailyRate', '1200'],
            ]),
          ),
        )
      ).status,
    ).toBe(302);
    const [bike] = await db().select().from(bikes).where(eq(bikes.model, 'Page Bike'));
    expect(
      (
        await settle(() =>
          bikeList.action(
            form('/admin/bikes', [
              ['intent', 'delete'],
              ['id', bike!.id],
            ]),
          ),
        )
      ).status,
    ).toBe(302);
    expect((await entriesFor(bike!.id)).map((e) => [e.action, e.entityType, e.summary])).toEqual([
      ['create', 'bike', 'Created bike Page Bike'],
      ['delete', 'bike', 'Deleted bike Page Bike'],
    ]);

    expect(
      (
        await settle(() =>
          newCarAction(
            form('/admin/cars/new', [
              ['model', 'Page Car'],
              ['dailyRate', '2500'],
            ]),
          ),
        )
      ).status,
    ).toBe(302);
    const [car] = await db().select().from(cars).where(eq(cars.model, 'Page Car'));
    const id = car!.id;
    expect(
      (
        await settle(() =>
          editCarAction(
            form(
              `/admin/cars/edit/${id}`,
              [
                ['model', 'Page Car II'],
                ['dailyRate', '2600'],
              ],
              { id },
            ),
          ),
        )
      ).status,
    ).toBe(302);
    expect(
      (
        await settle(() =>
          carList.action(
            form('/admin/cars', [
              ['intent', 'delete'],
              ['id', id],
            ]),
          ),
        )
      ).status,
    ).toBe(302);
    const list = await entriesFor(id);
    expect(list.map((e) => [e.action, e.summary])).toEqual([
      ['create', 'Created car Page Car'],
      ['update', 'Updated car Page Car II'],
      ['delete', 'Deleted car Page Car II'],
    ]);
    expect(list[1]!.changes).toEqual({ model: { from: 'Page Car', to: 'Page Car II' }, dailyRate: { from: 2500, to: 2600 } });
  });

  test('an invalid form records nothing', async () => {
    const outcome = await settle(() =>
      newCarAction(
        form('/admin/cars/new', [
          ['model', ''],
          ['dailyRate', ''],
        ]),
      ),
    );
    expect(outcome.status).toBe(400);
    expect(await entries()).toEqual([]);
  });
});

describe('one transaction', () => {
  const ghost: AuditActor = { id: randomUUID(), name: 'ghost', ip: '203.0.113.9' };

  test('an entry that cannot be written undoes the write (create, update, delete)', async () => {
    // The actor id names no user, so the entry's foreign key fails after the write ran.
    const before = (await db().select({ n: count() }).from(tourPackages))[0]!.n;
    await expect(createPackage(packageInput(), ghost)).rejects.toThrow();
    expect((await db().select({ n: count() }).from(tourPackages))[0]!.n).toBe(before);

    const bike = await createBike(bikeWriteSchema.parse({ model: 'Kept Bike', dailyRate: 800 }));
    await expect(updateBike(bike.id, bikeWriteSchema.parse({ model: 'Never Saved', dailyRate: 1 }), ghost)).rejects.toThrow();
    expect(await getBike(bike.id)).toMatchObject({ model: 'Kept Bike', dailyRate: 800 });

    await expect(deleteBike(bike.id, ghost)).rejects.toThrow();
    expect(await getBike(bike.id)).not.toBeNull();
    expect(await entries()).toEqual([]);
  });

  test('a write that fails leaves no entry', async () => {
    const actor: AuditActor = { id: staff.user.id, name: 'audit-api' };
    const bike = await createBike(bikeWriteSchema.parse({ model: 'Checked Bike', dailyRate: 800 }));
    // A negative rate passes no form, but the database refuses it too: the update and its entry go.
    await expect(updateBike(bike.id, { ...bikeWriteSchema.parse({ model: 'Checked Bike', dailyRate: 800 }), dailyRate: -1 }, actor)).rejects.toThrow();
    expect(await getBike(bike.id)).toMatchObject({ dailyRate: 800 });
    expect(await entries()).toEqual([]);
  });

  test('without an actor (the seed, tests) nothing is recorded', async () => {
    const pkg = await createPackage(packageInput());
    expect(await getPackage(pkg.id)).not.toBeNull();
    expect(await entries()).toEqual([]);
  });
});

/** A valid, parsed package write input with a title of its own. */
function packageInput() {
  return packageWriteSchema.parse({ ...validPackage, title: `Tx Tour ${randomUUID().slice(0, 6)}` });
}

describe('/admin/audit', () => {
  type Page = {
    entries: {
      summary: string;
      actorName: string;
      action: string;
      href: string | null;
      date: string;
      time: string;
      changes: { sides: string; rows: { field: string; label: string; from: string; to: string }[] };
    }[];
    total: number;
    page: number;
    pages: number;
    filters: Record<string, string>;
    options: { users: string[]; actions: string[]; entities: string[] };
  };

  async function load(search = '') {
    return settle(() => auditRoute.loader(routeArgs(`/admin/audit${search}`, {}, { headers: { Cookie: staff.cookie } })));
  }
  async function page(search = '') {
    const result = await load(search);
    expect(result.status).toBe(200);
    return result.body as Page;
  }

  async function seedEntries() {
    // The 'User' filter offers only names of staff accounts (docs/decisions/045-security-round-two.md
    // section 5), so both actors are accounts (never signed in to: the hash is no password's).
    await db()
      .insert(users)
      .values(['asha', 'ravi'].map((username) => ({ username, name: username, passwordHash: 'not-a-hash' })))
      .onConflictDoNothing();
    const asha: AuditActor = { id: staff.user.id, name: 'asha' };
    const ravi: AuditActor = { id: null, name: 'ravi' };
    const at = (iso: string) => new Date(iso);
    const rows = [
      {
        actor: asha,
        createdAt: at('2026-03-01T10:00:00+05:30'),
        entry: { action: 'create', entityType: 'bike', entityId: randomUUID(), summary: 'Created bike Himalayan 450' },
      },
      {
        actor: ravi,
        createdAt: at('2026-03-02T00:10:00+05:30'),
        entry: { action: 'update', entityType: 'car', entityId: randomUUID(), summary: 'Updated car Innova Crysta' },
      },
      {
        actor: asha,
        createdAt: at('2026-03-03T23:50:00+05:30'),
        entry: { action: 'delete', entityType: 'package', entityId: randomUUID(), summary: 'Deleted package Zuluk Silk Route' },
      },
      {
        actor: ravi,
        createdAt: at('2026-03-04T09:00:00+05:30'),
        entry: { action: 'settings', entityType: 'settings', entityId: null, summary: 'Changed the site settings' },
      },
    ] as const;
    for (const row of rows) {
      await recordAudit(db(), row.actor, row.entry);
      await db().update(auditLog).set({ createdAt: row.createdAt }).where(eq(auditLog.summary, row.entry.summary));
    }
  }

  test('refuses an anonymous visitor', async () => {
    const result = await settle(() => auditRoute.loader(routeArgs('/admin/audit')));
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toMatch(/^\/admin\/login/);
  });

  test('empty log', async () => {
    expect(await page()).toMatchObject({ entries: [], total: 0, page: 1, pages: 1 });
  });

  test('newest first, with date and time in India', async () => {
    await seedEntries();
    const result = await page();
    expect(result.entries.map((e) => e.summary)).toEqual([
      'Changed the site settings',
      'Deleted package Zuluk Silk Route',
      'Updated car Innova Crysta',
      'Created bike Himalayan 450',
    ]);
    expect(result.entries[1]).toMatchObject({ date: 'Mar 3, 2026', time: '11:50 PM' });
    expect(result.options.users).toEqual(['asha', 'ravi']);
  });

  test('filters by action, record type, user and free text', async () => {
    await seedEntries();
    expect((await page('?action=update')).entries.map((e) => e.summary)).toEqual(['Updated car Innova Crysta']);
    expect((await page('?entity=package')).entries.map((e) => e.summary)).toEqual(['Deleted package Zuluk Silk Route']);
    expect((await page('?user=asha')).entries.map((e) => e.summary)).toEqual(['Deleted package Zuluk Silk Route', 'Created bike Himalayan 450']);
    expect((await page('?q=innova')).entries.map((e) => e.summary)).toEqual(['Updated car Innova Crysta']);
    expect((await page('?user=asha&entity=bike')).total).toBe(1);
    // Free text matches the record id too.
    const [bikeEntry] = await db().select().from(auditLog).where(eq(auditLog.entityType, 'bike'));
    expect((await page(`?q=${bikeEntry!.entityId!.slice(-12)}`)).entries.map((e) => e.summary)).toEqual(['Created bike Himalayan 450']);
    // A bad value is ignored, never an error.
    const lenient = await page('?action=explode&entity=planet&from=2026-13-45');
    expect(lenient.total).toBe(4);
    expect(lenient.filters).toMatchObject({ action: '', entity: '', from: '' });
  });

  test('date range: whole days in India, both ends included', async () => {
    await seedEntries();
    expect((await page('?from=2026-03-02&to=2026-03-03')).entries.map((e) => e.summary)).toEqual([
      'Deleted package Zuluk Silk Route',
      'Updated car Innova Crysta',
    ]);
    expect((await page('?from=2026-03-04')).total).toBe(1);
    expect((await page('?to=2026-03-01')).total).toBe(1);
    // Given the wrong way round, the days still mean the span between them.
    expect((await page('?from=2026-03-03&to=2026-03-02')).total).toBe(2);
    expect(indiaDayStart('2026-03-02').toISOString()).toBe('2026-03-01T18:30:00.000Z');
  });

  test('pages of 50, and a page past the last goes to the last with the filters kept', async () => {
    const actor: AuditActor = { id: staff.user.id, name: 'pager' };
    for (let i = 0; i < 53; i++)
      await recordAudit(db(), actor, { action: 'update', entityType: 'car', entityId: randomUUID(), summary: `Updated car Paged ${i}` });
    const first = await page('?user=pager');
    expect(first).toMatchObject({ total: 53, pages: 2, page: 1 });
    expect(first.entries).toHaveLength(50);
    expect((await page('?user=pager&page=2')).entries).toHaveLength(3);
    const past = await load('?user=pager&page=7');
    expect(past.status).toBe(302);
    expect(past.headers.get('Location')).toBe('/admin/audit?user=pager&page=2');
  });

  test('links to records that still exist, and shows the changed fields as text', async () => {
    const actor = { id: staff.user.id, name: 'audit-api' };
    const kept = await createBike(bikeWriteSchema.parse({ model: 'Linked Bike', dailyRate: 700, available: true }), actor);
    await updateBike(kept.id, bikeWriteSchema.parse({ model: 'Linked Bike', dailyRate: 750, available: false }), actor);
    const gone = await createBike(bikeWriteSchema.parse({ model: 'Gone Bike', dailyRate: 700 }), actor);
    await deleteBike(gone.id, actor);

    const result = await page('?entity=bike');
    const bySummary = Object.fromEntries(result.entries.map((e) => [e.summary, e]));
    expect(bySummary['Updated bike Linked Bike']!.href).toBe(`/admin/bikes/edit/${kept.id}`);
    expect(bySummary['Created bike Gone Bike']!.href).toBeNull();
    expect(bySummary['Deleted bike Gone Bike']!.href).toBeNull();
    const changes = bySummary['Updated bike Linked Bike']!.changes;
    expect(changes.sides).toBe('both');
    expect(changes.rows).toHaveLength(2);
    expect(changes.rows).toEqual(
      expect.arrayContaining([
        { field: 'dailyRate', label: 'Daily rate', from: '700', to: '750' },
        { field: 'available', label: 'Available', from: 'Yes', to: 'No' },
      ]),
    );
    expect(bySummary['Deleted bike Gone Bike']!.changes).toEqual({
      sides: 'before',
      rows: [{ field: 'model', label: 'Model', from: 'Gone Bike', to: '(empty)' }],
    });
    const created = bySummary['Created bike Linked Bike']!.changes;
    expect(created.sides).toBe('after');
    // Lists one item a line; objects as 'Label: value' lines without the empty parts.
    expect(created.rows.find((row) => row.field === 'model')).toMatchObject({ to: 'Linked Bike' });
    expect(created.rows.map((row) => row.field)).not.toContain('specifications');
  });
});
