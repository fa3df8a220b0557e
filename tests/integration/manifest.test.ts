/**
 * The permit manifest (docs/decisions/050-permits-and-manifests.md#the-manifest): for a day and a
 * permit area, every traveller of every confirmed booking in the area that day (tagged itinerary
 * day, or the whole trip when the package tags none), one row each; as CSV, as a PDF whose text
 * names the travellers, and as a ZIP of the documents named '<ref>-<no>-photo.jpg' with the bytes
 * stored; all private (`Cache-Control: private, no-store`), for both roles, never anonymous.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bookingTravellers, type NewBookingTraveller } from '~/db/schema';
import { identityStore, setIdentityRoot } from '~/lib/identity-store.server';
import { shortReference } from '~/lib/ids';
import { ageOn, documentFileName, manifestFor } from '~/models/manifest.server';
import { loader as pageLoader } from '~/routes/admin/permit-manifest';
import { loader as csvLoader } from '~/routes/admin/manifest/csv';
import { loader as pdfLoader } from '~/routes/admin/manifest/pdf';
import { loader as zipLoader } from '~/routes/admin/manifest/zip';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createBooking, createPackage } from '../factories';
import { routeArgs } from '../route-args';
import { pdfText } from '../support/pdf-text';

const day = (n: number, permitId?: string) => ({
  day: n,
  title: `Day ${n}`,
  description: '',
  activities: [],
  meals: '',
  stay: '',
  ...(permitId ? { permitId } : {}),
});

let dir: string;
let staffCookie: string;
const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
const SCAN = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 5, 6, 7, 8]);
let refA: string;
let refB: string;
let refEmpty: string;

async function traveller(bookingId: string, position: number, over: Partial<NewBookingTraveller> = {}) {
  await db()
    .insert(bookingTravellers)
    .values({ bookingId, position, fullName: `Traveller ${position}`, gender: 'female', dateOfBirth: '1990-05-20', ...over });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'manifest-'));
  setIdentityRoot(dir);
  await identityStore().put('photo-a1.jpg', PHOTO, 'image/jpeg');
  await identityStore().put('scan-a1.png', SCAN, 'image/png');
  await identityStore().put('photo-a2.jpg', PHOTO, 'image/jpeg');
  staffCookie = (await createStaffSession(undefined, 'staff')).cookie;

  // North Sikkim on days 2 and 3 of the tagged package; the untagged package needs it on every day.
  const tagged = await createPackage({ permitIds: ['north-sikkim-pap'], itinerary: [day(1), day(2, 'north-sikkim-pap'), day(3, 'north-sikkim-pap'), day(4)] });
  const untagged = await createPackage({ permitIds: ['north-sikkim-pap'], itinerary: [day(1), day(2), day(3)] });
  const none = await createPackage({ permitIds: [] });
  const a = await createBooking({ packageId: tagged.id, status: 'confirmed', startDate: '2031-03-10', phone: '+91 90000 11111' });
  const b = await createBooking({ packageId: untagged.id, status: 'confirmed', startDate: '2031-03-12' });
  const empty = await createBooking({ packageId: untagged.id, status: 'confirmed', startDate: '2031-03-11' });
  const pending = await createBooking({ packageId: tagged.id, status: 'pending', startDate: '2031-03-10' });
  const noPermit = await createBooking({ packageId: none.id, status: 'confirmed', startDate: '2031-03-12' });
  refA = shortReference(a.id);
  refB = shortReference(b.id);
  refEmpty = shortReference(empty.id);
  await traveller(a.id, 1, { fullName: 'Pema Lhamu Bhutia', idType: 'voter-id', idNumber: 'SKM1234567', photoKey: 'photo-a1.jpg', idScanKey: 'scan-a1.png' });
  await traveller(a.id, 2, {
    fullName: 'Anna Keller',
    gender: 'female',
    nationality: 'DE',
    idType: null,
    passportNumber: 'C01X00T47',
    visaNumber: 'VX998877',
    photoKey: 'photo-a2.jpg',
  });
  await traveller(b.id, 1, { fullName: 'Rohan Gurung', gender: 'male', dateOfBirth: '2000-03-13', idType: 'passport', idNumber: 'P7654321' });
  await traveller(pending.id, 1, { fullName: 'Not Confirmed' });
  await traveller(noPermit.id, 1, { fullName: 'No Permit Needed' });
});

afterAll(async () => {
  setIdentityRoot(undefined);
  await rm(dir, { recursive: true, force: true });
});

const args = (url: string, cookie = staffCookie) => routeArgs(url, {}, { headers: browserHeaders(cookie) });

describe('manifestFor', () => {
  test("lists a tagged package's travellers on its tagged days only, an untagged package's over the whole trip, confirmed bookings only", async () => {
    const onDay2 = await manifestFor('2031-03-11', 'north-sikkim-pap');
    expect(onDay2.rows.map((r) => [r.reference, r.position, r.fullName])).toEqual([
      [refA, 1, 'Pema Lhamu Bhutia'],
      [refA, 2, 'Anna Keller'],
      [refEmpty, null, 'No travellers entered yet'],
    ]);
    expect(onDay2.rows[0]).toMatchObject({
      gender: 'Female',
      age: 40,
      nationality: 'IN',
      identity: 'Voter ID SKM1234567',
      documents: 'Photo and ID',
      phone: '+91 90000 11111',
      day: 2,
    });
    expect(onDay2.rows[1]).toMatchObject({ nationality: 'DE', identity: 'Passport C01X00T47 · Visa VX998877', documents: 'Photo only' });

    const onDay1 = await manifestFor('2031-03-10', 'north-sikkim-pap');
    expect(onDay1.rows).toEqual([]);

    const on12 = await manifestFor('2031-03-12', 'north-sikkim-pap');
    expect(on12.rows.map((r) => r.fullName)).toEqual(['Pema Lhamu Bhutia', 'Anna Keller', 'No travellers entered yet', 'Rohan Gurung']);
    expect(on12.rows.at(-1)).toMatchObject({ age: 30, day: null });
    // Day 4 of the tagged trip is outside North Sikkim; the untagged trips run to their third day.
    expect((await manifestFor('2031-03-13', 'north-sikkim-pap')).rows.map((r) => r.reference)).toEqual([refEmpty, refB]);
    expect((await manifestFor('2031-03-15', 'north-sikkim-pap')).rows).toEqual([]);
  });

  test('an unknown permit gives no rows', async () => {
    expect(await manifestFor('2031-03-12', 'no-such-permit')).toMatchObject({ permit: null, rows: [] });
  });

  test('ageOn counts whole years and birthdays', () => {
    expect(ageOn('2000-03-13', '2031-03-12')).toBe(30);
    expect(ageOn('2000-03-13', '2031-03-13')).toBe(31);
    expect(documentFileName('A1B2C3', 2, 'id', 'x.jpeg')).toBe('A1B2C3-2-id.jpg');
  });
});

describe('the manifest page and downloads', () => {
  test('the page lists the rows for staff, without the documents keys', async () => {
    const page = await pageLoader(args('/admin/manifest?date=2031-03-11&permit=north-sikkim-pap'));
    expect(page.permit?.name).toMatch(/North Sikkim/);
    expect(page.rows).toHaveLength(3);
    expect(page.documents).toBe(3);
    expect(JSON.stringify(page)).not.toContain('photo-a1.jpg');
  });

  test('CSV: one row per traveller, private', async () => {
    const response = (await csvLoader(args('/admin/manifest.csv?date=2031-03-11&permit=north-sikkim-pap'))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('Content-Disposition')).toContain('manifest-north-sikkim-pap-2031-03-11.csv');
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Booking,Traveller no,Name,Gender,Date of birth,Age,Nationality,ID type,ID number,Passport number,Visa number,Phone,Documents,Itinerary day',
    );
    expect(lines).toHaveLength(4);
    // A cell starting with + is quoted so a spreadsheet never runs it (docs/decisions/019-csv-exports.md).
    expect(lines[1]).toBe(`${refA},1,Pema Lhamu Bhutia,Female,1990-05-20,40,IN,Voter ID,SKM1234567,,,'+91 90000 11111,Photo and ID,2`);
    expect(lines[2]).toContain('Anna Keller,Female,1990-05-20,40,DE,,,C01X00T47,VX998877');
  });

  test('ZIP: the documents named as the permit office asks, with their bytes', async () => {
    const response = (await zipLoader(args('/admin/manifest.zip?date=2031-03-11&permit=north-sikkim-pap'))) as Response;
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([`${refA}-1-id.png`, `${refA}-1-photo.jpg`, `${refA}-2-photo.jpg`].sort());
    expect(files[`${refA}-1-photo.jpg`]).toEqual(PHOTO);
    expect(files[`${refA}-1-id.png`]).toEqual(SCAN);
  });

  test('PDF: a printable table naming the travellers', async () => {
    const response = (await pdfLoader(args('/admin/manifest.pdf?date=2031-03-12&permit=north-sikkim-pap'))) as Response;
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = (await pdfText(bytes)).join('\n');
    expect(text).toContain('Pema Lhamu Bhutia');
    expect(text).toContain('Rohan Gurung');
    expect(text).toContain(refB);
  });

  test('a bad day or an unknown permit is 400 naming it; nobody signed out gets anything', async () => {
    const badDate = (await csvLoader(args('/admin/manifest.csv?date=2031-02-30&permit=north-sikkim-pap'))) as Response;
    expect(badDate.status).toBe(400);
    expect(await badDate.text()).toMatch(/^date:/);
    const badPermit = (await zipLoader(args('/admin/manifest.zip?date=2031-03-11&permit=nope'))) as Response;
    expect(badPermit.status).toBe(400);
    expect(await badPermit.text()).toMatch(/^permit:/);
    const anonymous = await zipLoader(routeArgs('/admin/manifest.zip?date=2031-03-11&permit=north-sikkim-pap')).catch((thrown: unknown) => thrown);
    expect((anonymous as Response).status).toBe(302);
  });
});
