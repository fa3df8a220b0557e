/**
 * Travellers on a booking and their identity documents (docs/decisions/050-permits-and-manifests.md):
 * the traveller's own forms on /booking/:token, the admin panel's, the documents' re-encoding to the
 * permit office's limits, the private routes that serve them (and the public /uploads path that
 * does not), the automatic documents_missing <-> documents_complete status, and nothing stored for
 * a refused upload.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, bookings } from '~/db/schema';
import { encodeIdentityDocument } from '~/lib/identity-documents.server';
import { identityRoot, identityStore, setIdentityRoot } from '~/lib/identity-store.server';
import { addDays } from '~/lib/calendar-date';
import { todayInIndia } from '~/lib/format';
import { shortReference } from '~/lib/ids';
import { setUploadsRoot, UPLOADS_URL_PREFIX } from '~/lib/storage.server';
import { serveUploads } from '~/lib/uploads-route.server';
import { issueBookingLink, revokeBookingLinks } from '~/models/booking-link.server';
import { getSetting, updateSetting } from '~/models/settings.server';
import { addTraveller, listTravellers, removeTraveller, syncPermitDocumentsStatus, travellerDocumentsComplete } from '~/models/travellers.server';
import { travellerSchema } from '~/schemas/traveller';
import { action as adminAction, loader as adminLoader } from '~/routes/admin/bookings/detail';
import { loader as adminDocument } from '~/routes/admin/bookings/traveller-document';
import { loader as adminPermitScan } from '~/routes/admin/bookings/permit-scan';
import { loader as travellersApi } from '~/routes/api/booking.travellers';
import { loader as travellerDocument } from '~/routes/booking/traveller-document';
import { action as pageAction, loader as pageLoader } from '~/routes/site/traveller-booking';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { createBooking, createPackage } from '../factories';
import { routeArgs, settle } from '../route-args';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'identity-'));
  setIdentityRoot(root);
});

afterAll(async () => {
  setIdentityRoot(undefined);
  await rm(root, { recursive: true, force: true });
});

/** Files in the identity store now. */
async function storedFiles(): Promise<string[]> {
  try {
    return (await readdir(identityRoot())).filter((f) => !f.startsWith('.'));
  } catch {
    return [];
  }
}

/** A photo-like JPEG: a gradient with noise, `width` × `height`. */
async function photo(width = 600, height = 800, quality = 90): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width + Math.random() * 60;
      raw[i + 1] = (y * 255) / height + Math.random() * 60;
      raw[i + 2] = 128 + Math.random() * 60;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .withMetadata({ exif: { IFD0: { Artist: 'Secret Camera Owner' } } })
    .toBuffer();
}

/** A booking of a package that needs a permit, documents missing, trip in the future, with a link. */
async function permitBooking(overrides: Parameters<typeof createBooking>[0] = {}) {
  const pkg = await createPackage({ permitIds: ['north-sikkim-pap'], permitDocumentsDaysBefore: 10, duration: '5 Days / 4 Nights' });
  const booking = await createBooking({
    packageId: pkg.id,
    itemName: pkg.title,
    adults: 2,
    children: 0,
    startDate: addDays(todayInIndia(), 40),
    endDate: null,
    permitStatus: 'documents_missing',
    ...overrides,
  });
  const { token } = await issueBookingLink(db(), booking.id);
  return { booking, token, pkg };
}

function post<P extends object>(url: string, params: P, fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return routeArgs(url, params, { method: 'POST', body, headers: { Origin: 'http://localhost' } });
}

const asha = { fullName: 'Asha Rai', gender: 'female', dateOfBirth: '1990-04-12', nationality: 'IN', idType: 'voter-id', idNumber: 'ABC1234567' };
const hans = { fullName: 'Hans Müller', gender: 'male', dateOfBirth: '1985-01-30', nationality: 'DE', passportNumber: 'C01X00T47', visaNumber: 'VN 998877' };

function pagePost(token: string, fields: Record<string, string | Blob>) {
  return settle(() => pageAction(post(`/booking/${token}`, { token }, fields)));
}

function jpegFile(bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') {
  return new File([new Uint8Array(bytes)], name, { type });
}

async function permitStatus(bookingId: string) {
  const [row] = await db().select({ s: bookings.permitStatus }).from(bookings).where(eq(bookings.id, bookingId));
  return row!.s;
}

describe('the traveller schema', () => {
  const schema = travellerSchema(['voter-id', 'passport', 'driving-licence'], '2026-12-06');

  test('an Indian with an enabled ID type; a foreign national with passport and visa', () => {
    expect(schema.parse(asha)).toMatchObject({ nationality: 'IN', idType: 'voter-id', idNumber: 'ABC1234567', passportNumber: '' });
    expect(schema.parse({ ...hans, passportNumber: 'c01x 00t47' })).toMatchObject({ idType: null, passportNumber: 'C01X00T47', visaNumber: 'VN 998877' });
  });

  test.each([
    ['a date of birth in the future', { ...asha, dateOfBirth: '2027-01-01' }, 'dateOfBirth', 'The date of birth cannot be in the future'],
    ['a date that does not exist', { ...asha, dateOfBirth: '1990-02-30' }, 'dateOfBirth', 'Enter the date of birth as YYYY-MM-DD'],
    ['a passport number of the wrong shape', { ...hans, passportNumber: 'AB12' }, 'passportNumber', 'Enter the passport number: 6 to 9 letters and digits'],
    ['a passport number with symbols', { ...hans, passportNumber: 'C01X<00T4' }, 'passportNumber', 'Enter the passport number'],
    ['Aadhaar, which is off', { ...asha, idType: 'aadhaar' }, 'idType', 'Choose the ID document'],
    ['a foreigner without a visa', { ...hans, visaNumber: '' }, 'visaNumber', 'Enter the visa number'],
    ['a nationality that is not a code', { ...asha, nationality: 'India' }, 'nationality', 'Choose a nationality'],
    ['a name with markup', { ...asha, fullName: '<b>Asha</b>' }, 'fullName', 'Use letters'],
  ])('refuses %s with a clear message on the field', (_name, input, field, message) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toContain(message);
  });
});

describe('re-encoding to the permit office limits', () => {
  test('a large photo is re-encoded down to 10-100 KB JPEG, metadata dropped', async () => {
    const big = await photo(2400, 3200, 95);
    expect(big.length).toBeGreaterThan(100 * 1024);
    const out = await encodeIdentityDocument(big, { formats: ['jpeg', 'png'], minKb: 10, maxKb: 100 });
    expect(out.contentType).toBe('image/jpeg');
    expect(out.data.length).toBeLessThanOrEqual(100 * 1024);
    expect(out.data.length).toBeGreaterThanOrEqual(10 * 1024);
    const meta = await sharp(out.data).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(out.data.includes(Buffer.from('Secret Camera Owner'))).toBe(false);
  });

  test('PNG only when the office takes only PNG', async () => {
    const out = await encodeIdentityDocument(await photo(300, 400), { formats: ['png'], minKb: 1, maxKb: 400 });
    expect(out.extension).toBe('png');
    expect((await sharp(out.data).metadata()).format).toBe('png');
  });

  test('what cannot be made to fit is refused with a clear message', async () => {
    const tiny = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#88aacc' } })
      .jpeg()
      .toBuffer();
    await expect(encodeIdentityDocument(tiny, { formats: ['jpeg'], minKb: 10, maxKb: 100 })).rejects.toThrow(/too small for the permit office.*10 KB/);
    await expect(encodeIdentityDocument(await photo(1600, 1600, 95), { formats: ['jpeg'], minKb: 0, maxKb: 1 })).rejects.toThrow(
      /cannot be made smaller than 1 KB/,
    );
  });
});

describe('the traveller fills in their travellers on the booking page', () => {
  test('a package without a permit shows no travellers section', async () => {
    const booking = await createBooking({ startDate: addDays(todayInIndia(), 30) });
    const { token } = await issueBookingLink(db(), booking.id);
    const { status, body } = await settle(() => pageLoader(routeArgs(`/booking/${token}`, { token })));
    expect(status).toBe(200);
    expect(body).toMatchObject({ found: true, travellers: null });
  });

  test('two travellers with photos and ID scans: the status becomes Documents complete, audited as the traveller', async () => {
    const { booking, token } = await permitBooking();
    let load = await settle(() => pageLoader(routeArgs(`/booking/${token}`, { token })));
    expect(load.body).toMatchObject({
      travellers: { needsPermit: true, permitStatus: 'documents_missing', dueOn: addDays(booking.startDate, -10), expected: 2, travellerFormsOpen: true },
    });

    const added = await pagePost(token, { intent: 'traveller-add', ...asha });
    expect(added.status).toBe(303);
    expect(added.headers.get('Location')).toBe(`/booking/${token}?travellers=added#travellers`);
    expect((await pagePost(token, { intent: 'traveller-add', ...hans })).status).toBe(303);
    const [one, two] = await listTravellers(booking.id);
    expect([one!.position, two!.position]).toEqual([1, 2]);

    for (const t of [one!, two!]) {
      for (const kind of ['photo', 'id_scan']) {
        const res = await pagePost(token, { intent: 'traveller-document', travellerId: t.id, kind, file: jpegFile(await photo()) });
        expect(res.status).toBe(303);
      }
    }
    expect(await permitStatus(booking.id)).toBe('documents_complete');
    expect(await storedFiles()).toHaveLength(4);
    load = await settle(() => pageLoader(routeArgs(`/booking/${token}`, { token })));
    expect(load.body).toMatchObject({ travellers: { permitStatus: 'documents_complete', complete: true } });

    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(entries.map((e) => e.actorName)).toContain('Traveller (booking page)');
    expect(entries.map((e) => e.summary)).toContain(`Added traveller 1 (Asha Rai) to booking #${shortReference(booking.id)}`);

    // Removing one makes them incomplete again; the files of the removed traveller go.
    const removed = await pagePost(token, { intent: 'traveller-remove', travellerId: one!.id });
    expect(removed.status).toBe(303);
    expect(await permitStatus(booking.id)).toBe('documents_missing');
    expect(await storedFiles()).toHaveLength(2);
    expect((await listTravellers(booking.id)).map((t) => [t.fullName, t.position])).toEqual([['Hans Müller', 1]]);
  });

  test('a refused form comes back with 400, the field named and what was typed', async () => {
    const { booking, token } = await permitBooking();
    const res = await pagePost(token, { intent: 'traveller-add', ...asha, dateOfBirth: '2999-01-01' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      travellers: {
        formId: 'add',
        values: { fullName: 'Asha Rai', dateOfBirth: '2999-01-01' },
        errors: { dateOfBirth: 'The date of birth cannot be in the future' },
      },
    });
    expect(await listTravellers(booking.id)).toHaveLength(0);
  });

  test('a replaced photo deletes the old file', async () => {
    const { booking, token } = await permitBooking();
    const before = await storedFiles();
    await pagePost(token, { intent: 'traveller-add', ...asha });
    const [t] = await listTravellers(booking.id);
    await pagePost(token, { intent: 'traveller-document', travellerId: t!.id, kind: 'photo', file: jpegFile(await photo()) });
    const first = (await listTravellers(booking.id))[0]!.photoKey!;
    await pagePost(token, { intent: 'traveller-document', travellerId: t!.id, kind: 'photo', file: jpegFile(await photo()) });
    const second = (await listTravellers(booking.id))[0]!.photoKey!;
    expect(second).not.toBe(first);
    expect(second).toMatch(/^[A-Za-z0-9_-]{22}\.jpg$/);
    const after = await storedFiles();
    expect(after).toContain(second);
    expect(after).not.toContain(first);
    expect(after.length).toBe(before.length + 1);
  });

  test('after the trip starts the forms are closed (409), read-only', async () => {
    const { booking, token } = await permitBooking({ startDate: todayInIndia() });
    const res = await pagePost(token, { intent: 'traveller-add', ...asha });
    expect(res.status).toBe(409);
    expect(await listTravellers(booking.id)).toHaveLength(0);
    const load = await settle(() => pageLoader(routeArgs(`/booking/${token}`, { token })));
    expect(load.body).toMatchObject({ travellers: { travellerFormsOpen: false } });
  });
});

describe('refused uploads store nothing', () => {
  let traveller: { id: string };
  let token: string;
  let bookingId: string;

  beforeAll(async () => {
    const made = await permitBooking();
    token = made.token;
    bookingId = made.booking.id;
    traveller = await addTraveller(made.booking.id, travellerSchema(['voter-id']).parse(asha), { actor: { id: null, name: 'test' }, by: 'staff' });
  });

  test.each([
    ['not an image', async () => jpegFile(Buffer.from('just some text, not a picture'), 'id.jpg'), 400, 'Only JPEG, PNG or WebP images can be uploaded.'],
    ['an HTML page named .jpg', async () => jpegFile(Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.jpg'), 400, 'Only JPEG, PNG or WebP'],
    [
      'a polyglot (a JPEG followed by a ZIP)',
      async () => jpegFile(Buffer.concat([await photo(200, 200), Buffer.from('PK\u0003\u0004 more data here')])),
      400,
      'contains more than an image',
    ],
    [
      'a JPEG carrying markup',
      async () =>
        jpegFile(
          await sharp(await photo(200, 200))
            .jpeg()
            .withMetadata()
            .toBuffer()
            .then((b) => Buffer.concat([b.subarray(0, 2), Buffer.from([0xff, 0xfe, 0x00, 0x14]), Buffer.from('<script>alert(1)</'), b.subarray(2)])),
        ),
      400,
      'contains more than an image',
    ],
    ['a file over 10 MB', async () => jpegFile(Buffer.alloc(10 * 1024 * 1024 + 1, 0xff)), 413, 'larger than 10 MB'],
    ['no file chosen', async () => new File([], '', { type: 'application/octet-stream' }), 400, 'Choose a photo or scan'],
  ])('%s: %i with the message, nothing stored', async (_name, file, status, message) => {
    const before = await storedFiles();
    const res = await pagePost(token, { intent: 'traveller-document', travellerId: traveller.id, kind: 'photo', file: await file() });
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await storedFiles()).toEqual(before);
    expect((await listTravellers(bookingId))[0]!.photoKey).toBeNull();
  });
});

describe('serving the documents privately', () => {
  let bookingId: string;
  let travellerId: string;
  let token: string;
  let key: string;

  beforeAll(async () => {
    const made = await permitBooking();
    bookingId = made.booking.id;
    token = made.token;
    await pagePost(token, { intent: 'traveller-add', ...asha });
    travellerId = (await listTravellers(bookingId))[0]!.id;
    await pagePost(token, { intent: 'traveller-document', travellerId, kind: 'photo', file: jpegFile(await photo()) });
    key = (await listTravellers(bookingId))[0]!.photoKey!;
  });

  test('the holder of the link gets the photo: private, no-store, noindex, inline, image/jpeg', async () => {
    const res = (await travellerDocument(routeArgs(`/booking/${token}/travellers/${travellerId}/photo`, { token, travellerId, kind: 'photo' }))) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/jpeg');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('X-Robots-Tag')).toContain('noindex');
    expect(res.headers.get('Content-Disposition')).toMatch(/^inline; filename="[0-9A-F]{6}-1-photo\.jpg"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
  });

  test('HEAD answers the headers without a body', async () => {
    const res = (await travellerDocument(
      routeArgs(`/booking/${token}/travellers/${travellerId}/photo`, { token, travellerId, kind: 'photo' }, { method: 'HEAD' }),
    )) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/jpeg');
    expect(Number(res.headers.get('Content-Length'))).toBeGreaterThan(10 * 1024);
    expect(res.body).toBeNull();
  });

  test('a wrong, malformed or rotated token, another kind or an unknown traveller: a bare 404', async () => {
    const get = async (t: string, tid = travellerId, kind = 'photo') => {
      const res = (await travellerDocument(routeArgs(`/booking/${t}/travellers/${tid}/${kind}`, { token: t, travellerId: tid, kind }))) as Response;
      return { status: res.status, text: await res.text(), cache: res.headers.get('Cache-Control') };
    };
    expect(await get('A'.repeat(43))).toEqual({ status: 404, text: 'Not found', cache: 'private, no-store' });
    expect(await get('nope')).toMatchObject({ status: 404, text: 'Not found' });
    expect(await get(token, '00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 404 });
    expect(await get(token, travellerId, 'id-scan')).toMatchObject({ status: 404 }); // not uploaded
    expect(await get(token, travellerId, '..%2f..%2fetc')).toMatchObject({ status: 404 });
    // Another booking's link does not open this booking's traveller.
    const other = await permitBooking();
    expect(await get(other.token)).toMatchObject({ status: 404 });
    await revokeBookingLinks(db(), bookingId);
    expect(await get(token)).toMatchObject({ status: 404, text: 'Not found' });
  });

  test('an anonymous request to the admin route is refused (sent to sign in); staff get the file', async () => {
    const url = `/admin/bookings/${bookingId}/travellers/${travellerId}/photo`;
    const anonymous = await settle(() => adminDocument(routeArgs(url, { id: bookingId, travellerId, kind: 'photo' }))).catch((e) => e);
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(anonymous.status).toBeLessThan(400);
    expect(anonymous.headers.get('Location')).toContain('/admin/login');
    const scan = await settle(() => adminPermitScan(routeArgs(`/admin/bookings/${bookingId}/permit-scan`, { id: bookingId })));
    expect(scan.headers.get('Location')).toContain('/admin/login');

    const { cookie } = await createStaffSession(undefined, 'staff');
    const res = (await adminDocument(routeArgs(url, { id: bookingId, travellerId, kind: 'photo' }, { headers: browserHeaders(cookie) }))) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/jpeg');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('Content-Disposition')).toMatch(/^inline/);
    expect(Buffer.from(await res.arrayBuffer()).length).toBeGreaterThan(10 * 1024);
  });

  test('the stored key is not served by the public /uploads path', async () => {
    const uploadsRoot = await mkdtemp(path.join(tmpdir(), 'uploads-'));
    const app = express();
    app.use(UPLOADS_URL_PREFIX, serveUploads());
    app.use((_req, res) => void res.status(404).send('fell through'));
    const server = app.listen(0);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // Even with the uploads folder pointed at the identity folder or its parent (a misconfiguration).
      for (const uploads of [uploadsRoot, root, path.dirname(root)]) {
        setUploadsRoot(uploads);
        for (const p of [`/uploads/${key}`, `/uploads/identity/${key}`, `/uploads/${path.basename(root)}/${key}`]) {
          const res = await fetch(`${base}${p}`);
          expect(res.status, p).toBe(404);
          expect(res.headers.get('Content-Type') ?? '').not.toContain('image');
        }
      }
      expect(identityStore().publicUrl(key)).not.toContain('/uploads/');
    } finally {
      setUploadsRoot(undefined);
      server.close();
      await rm(uploadsRoot, { recursive: true, force: true });
    }
  });
});

describe('staff on the admin booking page', () => {
  test('add, upload and the permit scan through the panel, audited by name; the loader shows the panel', async () => {
    const { booking } = await permitBooking({ adults: 1 });
    const { cookie, user, authorization } = await createStaffSession(undefined, 'staff');
    const here = `/admin/bookings/${booking.id}`;
    const adminPost = (fields: Record<string, string | Blob>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      return settle(() => adminAction(routeArgs(here, { id: booking.id }, { method: 'POST', body, headers: browserHeaders(cookie) })));
    };
    expect((await adminPost({ intent: 'traveller-add', ...hans })).status).toBe(302);
    const bad = await adminPost({ intent: 'traveller-add', ...hans, passportNumber: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      travellers: { formId: 'add', errors: { passportNumber: expect.stringContaining('6 to 9') }, values: { passportNumber: '12' } },
    });
    const [t] = await listTravellers(booking.id);
    expect((await adminPost({ intent: 'traveller-document', travellerId: t!.id, kind: 'photo', file: jpegFile(await photo()) })).status).toBe(302);
    expect((await adminPost({ intent: 'traveller-document', travellerId: t!.id, kind: 'id_scan', file: jpegFile(await photo()) })).status).toBe(302);
    expect(await permitStatus(booking.id)).toBe('documents_complete');
    expect((await adminPost({ intent: 'traveller-edit', travellerId: t!.id, ...hans, visaNumber: '' })).status).toBe(400);
    expect((await adminPost({ intent: 'traveller-edit', travellerId: t!.id, ...hans, fullName: 'Hans Peter Müller' })).status).toBe(302);

    expect((await adminPost({ intent: 'permit-scan', file: jpegFile(await photo(1200, 1700)) })).status).toBe(302);
    const [row] = await db().select({ key: bookings.permitScanKey }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.key).toMatch(/\.jpg$/);
    const scan = (await adminPermitScan(routeArgs(`${here}/permit-scan`, { id: booking.id }, { headers: browserHeaders(cookie) }))) as Response;
    expect(scan.status).toBe(200);
    expect(scan.headers.get('Cache-Control')).toBe('private, no-store');
    expect((await sharp(Buffer.from(await scan.arrayBuffer())).metadata()).format).toBe('jpeg');

    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(entries.filter((e) => e.actorId === user.id).map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Added traveller 1 \(Hans Müller\)/),
        expect.stringMatching(/^Uploaded the passport-size photo of traveller 1/),
        expect.stringMatching(/^Updated traveller 1 \(Hans Peter Müller\)/),
        expect.stringMatching(/^Uploaded the permit scan of booking/),
      ]),
    );

    const api = await settle(() =>
      travellersApi(routeArgs(`/api/bookings/${booking.id}/travellers`, { id: booking.id }, { headers: { Authorization: authorization } })),
    );
    expect(api.status).toBe(200);
    expect(api.body).toMatchObject({
      permitNeeded: true,
      permitStatus: 'documents_complete',
      complete: true,
      permitScanUrl: `${here}/permit-scan`,
      travellers: [
        {
          position: 1,
          fullName: 'Hans Peter Müller',
          nationality: 'DE',
          idType: null,
          passportNumber: 'C01X00T47',
          photoUrl: `${here}/travellers/${t!.id}/photo`,
        },
      ],
    });
    const anonymousApi = await settle(() => travellersApi(routeArgs(`/api/bookings/${booking.id}/travellers`, { id: booking.id })));
    expect(anonymousApi.status).toBe(401);

    const page = await settle(() => adminLoader(routeArgs(here, { id: booking.id }, { headers: browserHeaders(cookie) })));
    expect(page.body).toMatchObject({
      travellers: { permitStatus: 'documents_complete', hasPermitScan: true, travellers: [{ fullName: 'Hans Peter Müller' }] },
    });
  });
});

describe('positions', () => {
  test('ten travellers added at once get positions 1..10; removing one closes the gap', async () => {
    const { booking } = await permitBooking({ adults: 10 });
    const staff = { actor: { id: null, name: 'test' }, by: 'staff' as const };
    const input = travellerSchema(['voter-id']).parse(asha);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => addTraveller(booking.id, { ...input, fullName: `Traveller ${String.fromCharCode(65 + i)}` }, staff)),
    );
    const rows = await listTravellers(booking.id);
    expect(rows.map((t) => t.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await removeTraveller(booking.id, rows[2]!.id, staff);
    expect((await listTravellers(booking.id)).map((t) => t.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('the automatic permit status', () => {
  test('only documents_missing <-> documents_complete move; staff statuses stay', async () => {
    const { booking } = await permitBooking({ adults: 1, permitStatus: 'applied' });
    const staff = { actor: { id: null, name: 'test' }, by: 'staff' as const };
    await addTraveller(booking.id, travellerSchema(['voter-id']).parse(asha), staff);
    await db().update(bookings).set({ permitStatus: 'applied' }).where(eq(bookings.id, booking.id));
    expect(await syncPermitDocumentsStatus(db(), booking.id)).toBe('applied');
    expect(await permitStatus(booking.id)).toBe('applied');
  });

  test('travellerDocumentsComplete counts adults + children, at least 1', () => {
    const full = { ...asha, idType: 'voter-id', idNumber: 'X1', passportNumber: '', visaNumber: '', photoKey: 'a.jpg', idScanKey: 'b.jpg' };
    expect(travellerDocumentsComplete([full], { adults: null, children: null })).toBe(true);
    expect(travellerDocumentsComplete([], { adults: null, children: null })).toBe(false);
    expect(travellerDocumentsComplete([full], { adults: 1, children: 1 })).toBe(false);
    expect(travellerDocumentsComplete([full, { ...full, idScanKey: null }], { adults: 2, children: 0 })).toBe(false);
    expect(travellerDocumentsComplete([{ ...full, nationality: 'DE' }], { adults: 1, children: 0 })).toBe(false);
  });
});

beforeEach(async () => {
  // Default limits for each test (one test may change them).
  const permits = await getSetting('permits');
  if (permits.maxDocumentKb !== 100) await updateSetting('permits', { ...permits, maxDocumentKb: 100, minDocumentKb: 10 });
});
