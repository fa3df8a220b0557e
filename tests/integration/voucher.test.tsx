/**
 * The traveller's voucher (docs/decisions/051-voucher.md): what the PDF says (read back as text),
 * who may download it (the booking link's holder, staff) and when the driver shows, and the link in
 * the "confirmed" mail. Each test makes its own package, booking, travellers and assignment.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { bookingTravellers, emailOutbox, type NewBooking } from '~/db/schema';
import { renderVoucherPdf } from '~/infrastructure/pdf/voucher-pdf.server';
import { describePolicy } from '~/lib/cancellation-policy';
import { shortReference } from '~/lib/ids';
import { formatPhone } from '~/lib/whatsapp';
import { issueBookingLink, revokeBookingLinks } from '~/models/booking-link.server';
import { setBookingStatus } from '~/models/booking.server';
import { recordManualPayment, saveQuote } from '~/models/payments.server';
import { getSettings } from '~/models/settings.server';
import { assignTrip } from '~/models/trip-assignment.server';
import { loader as adminVoucherLoader } from '~/routes/admin/bookings/voucher';
import { loader as travellerVoucherLoader } from '~/routes/booking/voucher';
import TravellerBooking from '~/routes/site/traveller-booking';
import { policyOf, travellerBooking } from '~/routes/site/+shared/traveller-booking.server';
import { ageOn, shortDescription, voucherView } from '~/routes/booking/+shared/voucher.server';
import { createStaffSession } from '../auth-helpers';
import { createBooking, createCar, createDriver, createPackage } from '../factories';
import { routeArgs } from '../route-args';
import { pdfText } from '../support/pdf-text';

let staff: Awaited<ReturnType<typeof createStaffSession>>;
let actor: { id: string; name: string; ip: string };

beforeAll(async () => {
  staff = await createStaffSession();
  actor = { id: staff.user.id, name: staff.user.username, ip: '127.0.0.1' };
});

/** One string per document, whitespace collapsed: a wrapped line reads as one phrase. */
const flat = (pages: string[]) => pages.join('\n').replace(/\s+/g, ' ');

/** The text of a voucher PDF, after checking it is one. */
async function textOf(bytes: Uint8Array): Promise<string> {
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
  return flat(await pdfText(bytes));
}

/** What a loader returned or threw, kept as the Response (a PDF is not JSON). */
async function responseOf(run: () => unknown): Promise<Response> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) return outcome;
  if (outcome && typeof outcome === 'object' && 'type' in outcome && (outcome as { type: string }).type === 'DataWithResponseInit') {
    const d = outcome as unknown as { data: unknown; init: ResponseInit | null };
    return new Response(JSON.stringify(d.data), d.init ?? {});
  }
  throw new Error(`not a response: ${JSON.stringify(outcome)}`);
}

const travellerDownload = (token: string) => responseOf(() => travellerVoucherLoader(routeArgs(`/booking/${token}/voucher`, { token })));
const staffDownload = (id: string, headers: Record<string, string> = {}) =>
  responseOf(() => adminVoucherLoader(routeArgs(`/admin/bookings/${id}/voucher`, { id }, { headers })));

/**
 * A North Sikkim tour for two, Mar 10-12 2027, confirmed by its advance (₹10,000 of ₹30,000 paid),
 * its permit documents missing; with `travellers`, Asha (Indian, photo and ID received) and Jean
 * (French, nothing received yet); with `driver`, Tashi Bhutia in SK 01 P 1234 for the three days.
 */
async function northSikkimTrip({
  travellers = true,
  driver = true,
  booking: overrides = {},
}: { travellers?: boolean; driver?: boolean; booking?: Partial<NewBooking> } = {}) {
  const pkg = await createPackage({
    title: 'North Sikkim: Lachung and Yumthang',
    permitIds: ['north-sikkim-pap'],
    permitDocumentsDaysBefore: 10,
    itinerary: [
      { day: 1, title: 'Gangtok to Lachung', description: 'Drive north past waterfalls to Lachung.', activities: [], meals: 'Dinner', stay: 'Lachung' },
      { day: 2, title: 'Yumthang Valley', description: 'The valley of flowers and Zero Point.', activities: [], meals: 'Breakfast, Dinner', stay: 'Lachung' },
      { day: 3, title: 'Back to Gangtok', description: 'Return to Gangtok by evening.', activities: [], meals: 'Breakfast', stay: '' },
    ],
    accommodation: [{ location: 'Lachung', hotel: 'Hotel Snow Lion', nights: 2, category: 'Deluxe', rooms: 1 }],
  });
  const booking = await createBooking({
    packageId: pkg.id,
    itemName: pkg.title,
    name: 'Asha Rai',
    email: `voucher-${randomUUID().slice(0, 8)}@example.com`,
    startDate: '2027-03-10',
    endDate: '2027-03-12',
    adults: 2,
    children: 0,
    permitStatus: 'documents_missing',
    ...overrides,
  });
  await saveQuote(
    booking.id,
    { lines: [{ description: 'North Sikkim (per person)', quantity: 2, unitPaise: 1_500_000 }], advancePaise: 1_000_000, balanceDueOn: '2027-02-23' },
    actor,
  );
  // The advance confirms the booking (docs/decisions/046-payments.md#confirmation).
  await recordManualPayment(booking.id, { amountPaise: 1_000_000, method: 'upi', reference: 'UTR123', receivedOn: '2026-12-01', note: '' }, actor);
  if (travellers) {
    await db()
      .insert(bookingTravellers)
      .values([
        {
          bookingId: booking.id,
          position: 1,
          fullName: 'Asha Rai',
          gender: 'female',
          dateOfBirth: '1990-03-12',
          nationality: 'IN',
          idType: 'voter-id',
          idNumber: 'ABC1234567',
          photoKey: 'photo-1.jpg',
          idScanKey: 'id-1.jpg',
        },
        {
          bookingId: booking.id,
          position: 2,
          fullName: 'Jean Dupont',
          gender: 'male',
          dateOfBirth: '1985-07-01',
          nationality: 'FR',
          passportNumber: '12AB34567',
        },
      ]);
  }
  let plate: string | null = null;
  let driverName: string | null = null;
  if (driver) {
    const d = await createDriver({ name: `Tashi Bhutia ${randomUUID().slice(0, 4)}`, phone: '+91 94340 12345' });
    plate = `SK 01 P ${Math.floor(1000 + Math.random() * 9000)}`;
    const car = await createCar({ model: 'Toyota Innova Crysta', registrationNumber: plate });
    await assignTrip(booking.id, {
      driverId: d.id,
      carId: car.id,
      startsOn: '2027-03-10',
      endsOn: '2027-03-12',
      pickupTime: '07:30',
      pickupPlace: 'Hotel Mayfair, Gangtok',
      notes: 'internal note',
    });
    driverName = d.name;
  }
  return { pkg, booking, plate, driverName };
}

describe('the voucher PDF', () => {
  test('shows the reference, travellers, itinerary days with their dates, hotel, driver and plate, permit status, money, cancellation terms and the helpline', async () => {
    const { booking, plate, driverName } = await northSikkimTrip();
    const { company, payments } = await getSettings(['company', 'payments']);
    const view = await voucherView({ ...booking, status: 'confirmed' }, { audience: 'staff', now: new Date('2027-03-01T06:00:00Z') });
    const text = await textOf(await renderVoucherPdf(view));

    for (const expected of [
      company.name,
      'Travel voucher',
      `Booking #${shortReference(booking.id)}`,
      'North Sikkim: Lachung and Yumthang',
      'Mar 10 – Mar 12, 2027',
      // Travellers, with age at travel, nationality and documents.
      '1. Asha Rai',
      'Female · born Mar 12, 1990 (age 36 at travel) · Indian',
      'Photo: received · ID (Voter ID): received',
      '2. Jean Dupont',
      'Foreign national (France)',
      'Photo: missing · Passport and visa: missing',
      // Day 2 is the travel date + 1.
      'Day 1 · Wed, Mar 10, 2027: Gangtok to Lachung',
      'Day 2 · Thu, Mar 11, 2027: Yumthang Valley',
      'Meals: Breakfast, Dinner · Stay: Lachung',
      'Lachung: Hotel Snow Lion, 2 nights, Deluxe, 1 room',
      // Staff see the driver as soon as assigned.
      'Pickup 07:30 at Hotel Mayfair, Gangtok',
      `${driverName}, +91 94340 12345`,
      `Toyota Innova Crysta, number plate ${plate}`,
      // Permits.
      'North Sikkim PAP (Lachung, Lachen, Gurudongmar, Yumthang)',
      'Status Documents missing',
      'Documents due by Feb 28, 2027',
      '1 of 2 travellers have documents missing',
      // Money.
      'Total price ₹30,000.00',
      'Paid ₹10,000.00',
      'Still due ₹20,000.00',
      'Balance ₹20,000.00, due by Feb 23, 2027',
      // Help.
      `24/7 helpline: ${formatPhone(company.phone)}`,
    ]) {
      expect(text).toContain(expected);
    }
    for (const line of describePolicy(policyOf(booking, payments), 'package')) expect(text).toContain(line);
    expect(text).not.toContain('internal note');
    expect(text).not.toContain('ABC1234567');
  });

  test('for the traveller, the driver shows from 18:00 IST the evening before, the pickup before it', async () => {
    const { booking, plate, driverName } = await northSikkimTrip({ travellers: false });
    const at = async (iso: string) =>
      textOf(await renderVoucherPdf(await voucherView({ ...booking, status: 'confirmed' }, { audience: 'traveller', now: new Date(iso) })));

    const before = await at('2027-03-09T12:29:00Z'); // 17:59 IST
    expect(before).toContain('Pickup 07:30 at Hotel Mayfair, Gangtok');
    expect(before).toContain('Shown from 18:00 IST on Mar 9, 2027');
    expect(before).not.toContain(driverName!);
    expect(before).not.toContain(plate!);

    const from = await at('2027-03-09T12:30:00Z'); // 18:00 IST
    expect(from).toContain(`${driverName}, +91 94340 12345`);
    expect(from).toContain(plate!);
  });

  test('without travellers: the party from the booking and a request to add them', async () => {
    const { booking } = await northSikkimTrip({ travellers: false, driver: false });
    const text = await textOf(await renderVoucherPdf(await voucherView(booking, { audience: 'traveller', now: new Date('2027-02-01T06:00:00Z') })));
    expect(text).toContain('Travellers: 2 adults');
    expect(text).toContain("Please add each traveller's details");
    expect(text).toContain('on your booking page');
    expect(text).toContain('Your pickup time and place, driver and vehicle are being arranged');
  });

  test('a long day description is cut at a sentence or a word; ages count the birthday', () => {
    const long = `${'Through rhododendron forests and high meadows. '.repeat(10)}`;
    const short = shortDescription(long);
    expect(short.length).toBeLessThanOrEqual(280);
    expect(short.endsWith('.')).toBe(true);
    expect(shortDescription('word '.repeat(100))).toMatch(/word…$/);
    expect(ageOn('1990-03-12', '2027-03-11')).toBe(36);
    expect(ageOn('1990-03-12', '2027-03-12')).toBe(37);
  });
});

describe("the traveller's download, /booking/:token/voucher", () => {
  test('serves the PDF inline, privately, for the right token; a wrong or rotated token gets a bare 404', async () => {
    const { booking } = await northSikkimTrip({ driver: false });
    const { token } = await issueBookingLink(db(), booking.id);

    const ok = await travellerDownload(token);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(ok.headers.get('content-disposition')).toBe(`inline; filename="voucher-${shortReference(booking.id)}.pdf"`);
    expect(ok.headers.get('cache-control')).toBe('private, no-store');
    expect(ok.headers.get('x-robots-tag')).toContain('noindex');
    expect(await textOf(new Uint8Array(await ok.arrayBuffer()))).toContain(`Booking #${shortReference(booking.id)}`);

    for (const wrong of ['A'.repeat(43), 'not-a-token']) {
      const response = await travellerDownload(wrong);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('Not found');
    }
    await revokeBookingLinks(db(), booking.id);
    const rotated = await travellerDownload(token);
    expect(rotated.status).toBe(404);
    expect(await rotated.text()).toBe('Not found');
  });

  test('a booking that is not confirmed has no voucher: 409 saying so', async () => {
    const booking = await createBooking({ email: `pending-${randomUUID().slice(0, 8)}@example.com` });
    const { token } = await issueBookingLink(db(), booking.id);
    const response = await travellerDownload(token);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('not confirmed');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe("the traveller's booking page", () => {
  /** The page as the server sends it (no script), for `token`. */
  async function pageHtml(token: string): Promise<string> {
    const loaderData = {
      found: true,
      view: await travellerBooking(token, { online: false }),
      payment: null,
      payAction: `/booking/${token}/pay`,
      detailsSaved: false,
      pagePath: `/booking/${token}`,
    };
    const props = { loaderData, params: { token }, matches: [] } as unknown as Parameters<typeof TravellerBooking>[0];
    return renderToStaticMarkup(
      <MemoryRouter>
        <TravellerBooking {...props} />
      </MemoryRouter>,
    );
  }

  test('links the voucher of a confirmed booking only, as a plain link', async () => {
    const { booking } = await northSikkimTrip({ travellers: false, driver: false });
    const { token } = await issueBookingLink(db(), booking.id);
    const html = await pageHtml(token);
    expect(html).toContain(`href="/booking/${token}/voucher"`);
    expect(html).toContain('Download your voucher (PDF)');
    expect(html).not.toContain('<script');

    const pending = await createBooking({ email: `pending-${randomUUID().slice(0, 8)}@example.com` });
    const pendingHtml = await pageHtml((await issueBookingLink(db(), pending.id)).token);
    expect(pendingHtml).not.toContain('/voucher');
  });
});

describe("staff's download, /admin/bookings/:id/voucher", () => {
  test('refuses anonymous requests (to the sign-in page); serves staff the PDF', async () => {
    const { booking, driverName } = await northSikkimTrip({ travellers: false });
    const anonymous = await staffDownload(booking.id);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toMatch(/^\/admin\/login/);

    const response = await staffDownload(booking.id, { Cookie: staff.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="voucher-${shortReference(booking.id)}.pdf"`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    // Staff see the driver weeks before the trip.
    expect(await textOf(new Uint8Array(await response.arrayBuffer()))).toContain(driverName!);
  });

  test('404 for an unknown booking, 409 for one not confirmed', async () => {
    expect((await staffDownload(randomUUID(), { Cookie: staff.cookie })).status).toBe(404);
    const pending = await createBooking({ email: `pending-${randomUUID().slice(0, 8)}@example.com` });
    expect((await staffDownload(pending.id, { Cookie: staff.cookie })).status).toBe(409);
  });
});

describe('the "confirmed" mail', () => {
  test('links the voucher; the link opens it', async () => {
    const booking = await createBooking({ email: `confirm-${randomUUID().slice(0, 8)}@example.com`, endDate: '2027-01-07' });
    await setBookingStatus(booking.id, 'confirmed', actor);
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, booking.email));
    expect(mail?.subject).toContain('is confirmed');
    const match = /Your travel voucher \(PDF\), to keep with you on the trip: (\S+)\/booking\/([A-Za-z0-9_-]{43})\/voucher/.exec(mail!.text);
    expect(match).not.toBeNull();
    const response = await travellerDownload(match![2]!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
  });

  test('the other status mails carry no voucher link', async () => {
    const booking = await createBooking({ email: `reject-${randomUUID().slice(0, 8)}@example.com` });
    await setBookingStatus(booking.id, 'rejected', actor);
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, booking.email));
    expect(mail?.text).not.toContain('/voucher');
  });
});
