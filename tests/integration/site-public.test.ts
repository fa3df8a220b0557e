/**
 * Recent confirmed bookings for the toast (docs/decisions/006-display-fields.md) and the sitemap
 * entries (docs/decisions/012-seo-and-accessibility.md), and the dialogs' option lists
 * (app/routes/dialog-options.ts), on a fresh database.
 */
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { bookings } from '~/db/schema';
import { firstNameOf, listRecentConfirmedBookings } from '~/models/recent-bookings.server';
import { listSitemapEntries } from '~/models/sitemap.server';
import { publicContentChanged } from '~/lib/public-content.server';
import { loader as dialogOptionsLoader } from '~/routes/dialog-options';
import { loader as siteLayoutLoader } from '~/routes/site/layout';
import { createBike, createCar, createPackage } from '../factories';

async function book(name: string, itemName: string, status: 'pending' | 'confirmed' | 'rejected', publicityConsent = true) {
  await db()
    .insert(bookings)
    .values({ type: 'package', itemName, name, email: 'guest@example.com', phone: '+91 90000 00000', startDate: '2030-04-01', status, publicityConsent });
}

describe('listRecentConfirmedBookings', () => {
  it('is empty while nothing is confirmed', async () => {
    await book('Vikram Singh', 'North Sikkim Explorer', 'pending');
    expect(await listRecentConfirmedBookings()).toEqual([]);
  });

  it('returns first name and item of confirmed bookings only', async () => {
    await book('asha rai', 'Sikkim Explorer', 'confirmed');
    await book('Vikram Singh', 'North Sikkim Explorer', 'pending');
    await book('Leela Das', 'Gangtok Weekend', 'rejected');
    const list = await listRecentConfirmedBookings();
    expect(list).toEqual([{ firstName: 'Asha', item: 'Sikkim Explorer' }]);
    expect(JSON.stringify(list)).not.toMatch(/rai|example\.com|90000/i);
  });

  it('never shows a confirmed booking whose traveller did not tick the consent box, in the list or the site layout’s data', async () => {
    await book('Pemzang Bhutia', 'Consent Trek Without', 'confirmed', false);
    await book('Dawa Lepcha', 'Consent Trek With', 'confirmed', true);
    await publicContentChanged('test: bookings confirmed');
    const list = await listRecentConfirmedBookings(50);
    expect(list).toContainEqual({ firstName: 'Dawa', item: 'Consent Trek With' });
    expect(JSON.stringify(list)).not.toMatch(/Pemzang|Consent Trek Without/);
    const layout = JSON.stringify(await siteLayoutLoader());
    expect(layout).toContain('Dawa');
    expect(layout).not.toMatch(/Pemzang|Consent Trek Without/);
  });

  it('takes the first word of a name', () => {
    expect(firstNameOf('  tenzing   norgay ')).toBe('Tenzing');
    expect(firstNameOf('')).toBe('');
  });
});

describe('listSitemapEntries', () => {
  it('lists every static public page and each package, bike and car', async () => {
    const pkg = await createPackage();
    const bike = await createBike();
    const car = await createCar();
    const paths = (await listSitemapEntries()).map((e) => e.path);
    for (const p of ['/', '/about', '/packages', '/cars', '/bikes', '/rural-tourism', '/gallery', '/testimonials', '/contact', '/booking']) {
      expect(paths).toContain(p);
    }
    expect(paths).toContain(`/packages/${pkg.id}`);
    expect(paths).toContain(`/bikes/${bike.id}`);
    expect(paths).toContain(`/cars/${car.id}`);
    expect(paths.some((p) => p.startsWith('/admin'))).toBe(false);
  });
});

describe('GET /dialog-options.json', () => {
  it('lists every package, car and bike by id and name, and a new one at the next request', async () => {
    const pkg = await createPackage({ title: 'Dialog Options Trek' });
    const response = await dialogOptionsLoader();
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    const options = (await response.json()) as {
      packages: { id: string; title: string }[];
      cars: { id: string; model: string }[];
      bikes: { id: string; model: string }[];
    };
    expect(options.packages).toContainEqual({ id: pkg.id, title: 'Dialog Options Trek' });

    // A staff write signals the change; the next request sees the new car.
    const car = await createCar({ model: 'Dialog Options Gypsy' });
    await publicContentChanged('test: a car was added');
    const after = (await (await dialogOptionsLoader()).json()) as typeof options;
    expect(after.cars).toContainEqual({ id: car.id, model: 'Dialog Options Gypsy' });
  });

  it('is not part of the site layout’s data, which every page carries', async () => {
    const data = await siteLayoutLoader();
    expect(Object.keys(data)).not.toContain('dialogOptions');
    expect(JSON.stringify(data)).not.toContain('Dialog Options');
  });
});
