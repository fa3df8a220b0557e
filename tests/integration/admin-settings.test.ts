/**
 * Site settings in the back office (docs/decisions/005-site-settings.md): each key's schema with good
 * and bad values; `saveSettings` is all or nothing and writes its audit entry (before/after of the
 * changed fields) in the same transaction; the /admin/settings and /admin/location actions (toast,
 * field errors, nothing saved on error, no-JS office-hours rows); the public pages read the new
 * values at the next request; GET / PATCH / PUT /api/settings (401, 403, 400 naming `key.field`,
 * snake_case, merge); the OpenAPI description; the outbox page and its Resend.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, emailOutbox, siteSettings } from '~/db/schema';
import { retryEmailsNow, startMailer, stopMailer } from '~/infrastructure/mail-delivery.server';
import type { AuditActor } from '~/models/audit.server';
import { enqueueEmails, listOutboxPage, MAX_SEND_ATTEMPTS, resendEmail } from '~/models/outbox.server';
import { getAllSettings, getSetting, InvalidSettings, saveSettings, updateSetting } from '~/models/settings.server';
import { action as locationAction, loader as locationLoader } from '~/routes/admin/location';
import { action as outboxAction, loader as outboxLoader } from '~/routes/admin/outbox';
import { action as settingsAction, loader as settingsLoader } from '~/routes/admin/settings';
import { openApiDocument } from '~/routes/api/openapi';
import { action as apiAction, loader as apiLoader } from '~/routes/api/settings';
import { loader as contactLoader } from '~/routes/site/contact';
import { loader as siteLayoutLoader } from '~/routes/site/layout';
import { whatsappLink } from '~/lib/whatsapp';
import { defaultSettings, settingsSchemas, type Settings } from '~/schemas/settings';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { routeArgs, settle } from '../route-args';
import { call, issuePaths } from './catalog-write-helpers';

let cookie: string;
let bearer: Record<string, string>;
let actor: AuditActor;

beforeAll(async () => {
  const staff = await createStaffSession();
  cookie = staff.cookie;
  bearer = { Authorization: staff.authorization };
  actor = { id: staff.user.id, name: staff.user.username, ip: '127.0.0.1' };
});

const auditEntries = (entityType: string) => db().select().from(auditLog).where(eq(auditLog.entityType, entityType)).orderBy(desc(auditLog.createdAt));

/** Post a form (fields in order, names may repeat) to an admin action. */
function post(url: string, fields: [string, string][]) {
  return routeArgs(
    url,
    {},
    {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: browserHeaders(cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }),
    },
  );
}

/**
 * The company form with one office-hours row, as the settings page posts it: valid values, each
 * replaced by `over` (field name to value).
 */
function companyForm(over: Record<string, string> = {}): [string, string][] {
  return Object.entries({
    section: 'company',
    name: 'Himalayan Tours & Travels',
    phone: '+91 98320 22222',
    email: 'desk@example.org',
    whatsappNumber: '+91 98320 22222',
    address: 'Tibet Road, Gangtok',
    'officeHours[0].days': 'Mon-Fri',
    'officeHours[0].hours': '9:00-17:00 IST',
    tagline: '',
    registrationNumber: '',
    ...over,
  });
}

/** A settings key's stored row (undefined when none). */
async function storedRow(key: string) {
  const [row] = await db().select().from(siteSettings).where(eq(siteSettings.key, key));
  return row?.value;
}

describe('schemas: good and bad values per key', () => {
  const cases: { [K in keyof Settings]: { good: unknown[]; bad: [unknown, string][] } } = {
    company: {
      good: [defaultSettings.company, { ...defaultSettings.company, tagline: '', registrationNumber: '', email: '  desk@example.org ' }],
      bad: [
        [{ ...defaultSettings.company, name: '  ' }, 'name'],
        [{ ...defaultSettings.company, email: 'not-an-email' }, 'email'],
        [{ ...defaultSettings.company, whatsappNumber: 'call me' }, 'whatsappNumber'],
        [{ ...defaultSettings.company, officeHours: [] }, 'officeHours'],
        [{ ...defaultSettings.company, officeHours: [{ days: 'Mon', hours: '' }] }, 'officeHours.0.hours'],
        [{ ...defaultSettings.company, phone: 'x'.repeat(41) }, 'phone'],
      ],
    },
    ratings: {
      good: [{ rating: '4.8', reviewsText: '200+ reviews', travelersText: 'Loved by 150+ travellers' }],
      bad: [[{ ...defaultSettings.ratings, rating: '' }, 'rating']],
    },
    video: {
      good: [{ url: '' }, { url: 'https://www.youtube.com/watch?v=abcdefghijk' }, { url: 'https://cdn.example.com/sikkim.mp4' }],
      bad: [
        [{ url: 'javascript:alert(1)' }, 'url'],
        [{ url: 'ftp://example.com/x.mp4' }, 'url'],
      ],
    },
    announcement: {
      good: [
        { enabled: false, text: '', link: '' },
        { enabled: true, text: 'Permits open', link: 'https://example.com/permits' },
      ],
      bad: [
        [{ ...defaultSettings.announcement, enabled: 'yes' }, 'enabled'],
        [{ ...defaultSettings.announcement, link: 'javascript:alert(1)' }, 'link'],
        [{ ...defaultSettings.announcement, link: '//evil.example' }, 'link'],
      ],
    },
    promo: {
      good: [
        { ...defaultSettings.promo, endsOn: '' },
        { ...defaultSettings.promo, endsOn: '2028-01-31' },
      ],
      bad: [
        [{ ...defaultSettings.promo, endsOn: '31/01/2028' }, 'endsOn'],
        [{ ...defaultSettings.promo, endsOn: '2028-02-30' }, 'endsOn'],
      ],
    },
    policies: {
      good: [defaultSettings.policies, { ...defaultSettings.policies, requirements: [] }],
      bad: [
        [{ ...defaultSettings.policies, payment: [] }, 'payment'],
        [{ ...defaultSettings.policies, carTerms: ['x'.repeat(301)] }, 'carTerms.0'],
        [{ ...defaultSettings.policies, bikeTerms: Array.from({ length: 13 }, () => 'x') }, 'bikeTerms'],
      ],
    },
    map: {
      good: [defaultSettings.map, { ...defaultSettings.map, latitude: '-33.9', longitude: '18.4', zoom: '3' }],
      bad: [
        [{ ...defaultSettings.map, latitude: 91 }, 'latitude'],
        [{ ...defaultSettings.map, longitude: '' }, 'longitude'],
        [{ ...defaultSettings.map, latitude: null }, 'latitude'],
        [{ ...defaultSettings.map, zoom: 0 }, 'zoom'],
        [{ ...defaultSettings.map, zoom: 21 }, 'zoom'],
        [{ ...defaultSettings.map, zoom: 12.5 }, 'zoom'],
        [{ ...defaultSettings.map, embedCode: '<script>alert(1)</script>' }, 'embedCode'],
      ],
    },
    recentBookingToast: { good: [{ enabled: true }, { enabled: false }], bad: [[{ enabled: 'on' }, 'enabled']] },
    notifications: {
      good: [{ email: '' }, { email: 'bookings@example.org' }],
      bad: [[{ email: 'bookings at example' }, 'email']],
    },
    payments: {
      good: [
        defaultSettings.payments,
        { ...defaultSettings.payments, advancePercent: '30', upiId: 'himalayan.tours@okaxis', bankDetails: ['A/c 1234567890', 'IFSC SBIN0001234'] },
      ],
      bad: [
        [{ ...defaultSettings.payments, advancePercent: 101 }, 'advancePercent'],
        [{ ...defaultSettings.payments, advancePercent: 12.5 }, 'advancePercent'],
        [{ ...defaultSettings.payments, upiId: 'not a upi id' }, 'upiId'],
        [{ ...defaultSettings.payments, packageCancellation: { unit: 'days', tiers: [] } }, 'packageCancellation.tiers'],
        [
          {
            ...defaultSettings.payments,
            rentalCancellation: {
              unit: 'hours',
              tiers: [
                { before: 24, refundPercent: 100 },
                { before: 24, refundPercent: 50 },
              ],
            },
          },
          'rentalCancellation.tiers',
        ],
      ],
    },
    // The tax key's cases in full: tests/integration/settings-tax.test.ts.
    tax: {
      good: [defaultSettings.tax, { ...defaultSettings.tax, gstin: '11AAACI1681G1Z2', tourPackage: { sac: '9985', ratePercent: '5' } }],
      bad: [
        [{ ...defaultSettings.tax, gstin: '11AAACI1681G1Z3' }, 'gstin'],
        [{ ...defaultSettings.tax, selfDrive: { sac: '997311', ratePercent: 29 } }, 'selfDrive.ratePercent'],
        [{ ...defaultSettings.tax, carWithDriver: { sac: '12', ratePercent: 5 } }, 'carWithDriver.sac'],
        [{ ...defaultSettings.tax, invoicePrefix: 'HTOURS' }, 'invoicePrefix'],
      ],
    },
    permits: {
      good: [defaultSettings.permits, { ...defaultSettings.permits, types: [], minDocumentKb: '20', maxDocumentKb: '200' }],
      bad: [
        [{ ...defaultSettings.permits, types: [{ id: 'Nathula PAP', name: 'Nathula', closedWeekdays: [1], foreignersOnly: false }] }, 'types.0.id'],
        [{ ...defaultSettings.permits, types: [{ id: 'nathula', name: 'Nathula', closedWeekdays: [1, 1], foreignersOnly: false }] }, 'types.0.closedWeekdays'],
        [{ ...defaultSettings.permits, idTypes: defaultSettings.permits.idTypes.map((t) => ({ ...t, enabled: false })) }, 'idTypes'],
        [{ ...defaultSettings.permits, documentsDaysBefore: 0 }, 'documentsDaysBefore'],
        [{ ...defaultSettings.permits, minDocumentKb: 60, maxDocumentKb: 100 }, 'maxDocumentKb'],
        [{ ...defaultSettings.permits, documentFormats: ['gif'] }, 'documentFormats.0'],
      ],
    },
  };

  for (const [key, { good, bad }] of Object.entries(cases)) {
    test(key, () => {
      const schema = settingsSchemas[key as keyof Settings];
      for (const value of good) expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(true);
      for (const [value, path] of bad) {
        const result = schema.safeParse(value);
        expect(result.success, JSON.stringify(value)).toBe(false);
        expect(result.error!.issues.map((i) => i.path.join('.'))).toContain(path);
      }
    });
  }

  test('the map stores an accepted embed as our own iframe', () => {
    const parsed = settingsSchemas.map.parse({ ...defaultSettings.map, embedCode: '<IFRAME SRC="https://www.google.com/maps/embed?pb=1" width=9></IFRAME>' });
    expect(parsed.embedCode).toBe(
      '<iframe src="https://www.google.com/maps/embed?pb=1" width="600" height="450" style="border:0" loading="lazy" referrerpolicy="no-referrer-when-downgrade" allowfullscreen></iframe>',
    );
    expect(parsed.latitude).toBe(27.3187);
  });
});

describe('saveSettings', () => {
  test('writes the rows and one audit entry with before and after of the changed fields only', async () => {
    const company = { ...defaultSettings.company, phone: '+919832011111', tagline: 'New tagline' };
    const result = await saveSettings({ company, ratings: defaultSettings.ratings }, actor);
    expect(result.changed).toEqual(['company']);
    expect(await getSetting('company')).toEqual(company);
    const [entry] = await auditEntries('settings');
    expect(entry).toMatchObject({
      action: 'settings',
      entityType: 'settings',
      entityId: 'company',
      actorId: actor.id,
      actorName: actor.name,
      ip: '127.0.0.1',
      summary: 'Updated settings: Company details',
      changes: {
        'company.phone': { from: defaultSettings.company.phone, to: '+919832011111' },
        'company.tagline': { from: defaultSettings.company.tagline, to: 'New tagline' },
      },
    });
  });

  test('the map is audited as a location change', async () => {
    await saveSettings({ map: { ...defaultSettings.map, zoom: 12, title: 'Head office' } }, actor);
    const [entry] = await auditEntries('location');
    expect(entry).toMatchObject({
      action: 'location',
      entityType: 'location',
      entityId: 'map',
      changes: { zoom: { from: 15, to: 12 }, title: { from: 'Our Gangtok office', to: 'Head office' } },
    });
    await saveSettings({ map: defaultSettings.map }, actor);
  });

  test('a save that changes nothing writes no row and no audit entry', async () => {
    const before = (await auditEntries('settings')).length;
    const result = await saveSettings({ video: { url: '' } }, actor);
    expect(result.changed).toEqual([]);
    expect((await auditEntries('settings')).length).toBe(before);
  });

  test('all or nothing: one invalid key saves none of them, with every issue named key.field', async () => {
    const beforeAudit = (await db().select().from(auditLog)).length;
    const ratingsBefore = await getSetting('ratings');
    const error = await saveSettings(
      {
        ratings: { rating: '5.0', reviewsText: '999 reviews', travelersText: 'All of them' },
        company: { ...defaultSettings.company, email: 'nope', officeHours: [{ days: '', hours: '9-5' }] },
        map: { ...defaultSettings.map, zoom: 40 },
      },
      actor,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidSettings);
    expect((error as InvalidSettings).issues.map((i) => i.path).sort()).toEqual(['company.email', 'company.officeHours.0.days', 'map.zoom']);
    expect(await getSetting('ratings')).toEqual(ratingsBefore);
    expect((await db().select().from(auditLog)).length).toBe(beforeAudit);
  });

  test('a failing audit write rolls the settings back too', async () => {
    const before = await getSetting('ratings');
    // An actor id that is not a user violates the audit row's foreign key inside the transaction.
    const ghost: AuditActor = { id: '3f2a5c1e-8b4d-4c6e-9a7b-1d2e3f4a5b6c', name: 'ghost' };
    await expect(saveSettings({ ratings: { ...before, rating: '1.0' } }, ghost)).rejects.toThrow();
    expect(await getSetting('ratings')).toEqual(before);
  });

  test('unknown keys and (when merging) unknown fields are refused', async () => {
    // A key the settings have not (as a hand-made request may send): its type would not compile.
    await expect(saveSettings({ colours: { x: 1 } } as never, actor)).rejects.toMatchObject({ issues: [{ path: 'colours' }] });
    await expect(saveSettings({ company: 'Acme' }, actor)).rejects.toMatchObject({ issues: [{ path: 'company' }] });
    await expect(saveSettings({ company: { fax: '1' } }, actor, { merge: true })).rejects.toMatchObject({ issues: [{ path: 'company.fax' }] });
  });
});

describe('/admin/settings', () => {
  test('the loader needs a session and gives each form its values (policies one line per entry)', async () => {
    expect((await settle(() => settingsLoader(routeArgs('/admin/settings')))).status).toBe(302);
    const page = await settle(() => settingsLoader(routeArgs('/admin/settings', {}, { headers: { Cookie: cookie } })));
    const body = page.body as { sections: Record<string, Record<string, unknown>>; companyEmail: string };
    expect(body.sections.policies!.payment).toBe(defaultSettings.policies.payment.join('\n'));
    expect(body.sections.map).toBeUndefined();
  });

  test('an anonymous post is sent to the login page and saves nothing', async () => {
    const outcome = await settle(() =>
      settingsAction(routeArgs('/admin/settings', {}, { method: 'POST', body: new URLSearchParams({ section: 'video', url: 'https://x.example/v.mp4' }) })),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get('Location')).toMatch(/^\/admin\/login/);
    expect((await getSetting('video')).url).toBe('');
  });

  test('a valid company form is saved, audited, shown on the public site, and answered with the toast', async () => {
    const outcome = await settle(() =>
      settingsAction(
        post('/admin/settings', [
          ['section', 'company'],
          ['name', 'Himalayan Tours & Travels'],
          ['tagline', 'Local experts'],
          ['phone', '+91 98320 22222'],
          ['email', 'desk@example.org'],
          ['whatsappNumber', '+91 98320 22222'],
          ['address', 'Tibet Road, Gangtok'],
          ['officeHours[0].days', 'Mon-Fri'],
          ['officeHours[0].hours', '9:00-17:00 IST'],
          ['officeHours[1].days', 'Sat'],
          ['officeHours[1].hours', '10:00-13:00 IST'],
          ['registrationNumber', 'SKM/1'],
        ]),
      ),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get('Location')).toBe('/admin/settings');
    expect(outcome.headers.get('Set-Cookie')).toBeTruthy();
    const saved = await getSetting('company');
    expect(saved).toMatchObject({
      phone: '+919832022222',
      email: 'desk@example.org',
      officeHours: [
        { days: 'Mon-Fri', hours: '9:00-17:00 IST' },
        { days: 'Sat', hours: '10:00-13:00 IST' },
      ],
    });

    // The next public request reads it: no cache in between.
    const layout = (await siteLayoutLoader()) as { company: Settings['company'] };
    expect(layout.company.phone).toBe('+919832022222');
    const contact = (await contactLoader()) as { company: Settings['company'] };
    expect(contact.company.officeHours).toHaveLength(2);

    const [entry] = await auditEntries('settings');
    expect(entry!.changes).toMatchObject({ 'company.phone': { to: '+919832022222' }, 'company.officeHours': { from: defaultSettings.company.officeHours } });
    await saveSettings({ company: defaultSettings.company }, actor);
  });

  test('phone and WhatsApp numbers are stored in E.164, local Indian forms included, and every WhatsApp link has the country code', async () => {
    const company = (phone: string, whatsappNumber: string) => companyForm({ phone, whatsappNumber });
    for (const typed of ['98320 55555', '098320 55555']) {
      const outcome = await settle(() => settingsAction(post('/admin/settings', company('03592 202020', typed))));
      expect(outcome.status).toBe(302);
      expect(await getSetting('company')).toMatchObject({ phone: '+913592202020', whatsappNumber: '+919832055555' });
      const layout = (await siteLayoutLoader()) as { company: Settings['company'] };
      expect(whatsappLink(layout.company.whatsappNumber)).toBe('https://wa.me/919832055555');
    }
    await saveSettings({ company: defaultSettings.company }, actor);
  });

  test('a number that is not a phone number is refused with a field message and nothing is saved', async () => {
    const before = await storedRow('company');
    const outcome = await settle(() => settingsAction(post('/admin/settings', companyForm({ phone: 'call me', whatsappNumber: '12345' }))));
    expect(outcome.status).toBe(400);
    const body = outcome.body as { result: { error: Record<string, string[]> } };
    expect(body.result.error.phone?.[0]).toMatch(/valid phone number/);
    expect(body.result.error.whatsappNumber?.[0]).toMatch(/valid mobile number/);
    expect(await storedRow('company')).toEqual(before);
    const api = await call(apiAction, '/api/settings', { method: 'PATCH', headers: bearer, body: { company: { whatsappNumber: '0000' } } });
    expect(api.status).toBe(400);
  });

  test('a stored number in an older form is read in E.164; an invalid one falls back alone, the rest of the company kept', async () => {
    await db()
      .update(siteSettings)
      .set({ value: { ...defaultSettings.company, name: 'Stored Name', phone: '98320 77777', whatsappNumber: '+91 98320 777' } })
      .where(eq(siteSettings.key, 'company'));
    const company = await getSetting('company');
    expect(company).toMatchObject({ name: 'Stored Name', phone: '+919832077777', whatsappNumber: defaultSettings.company.whatsappNumber });
    await saveSettings({ company: defaultSettings.company }, actor);
  });

  test('a wrong field answers 400 for that form only, with the field named and the typed values kept; nothing is saved', async () => {
    const before = await storedRow('company');
    const outcome = await settle(() =>
      settingsAction(
        post(
          '/admin/settings',
          companyForm({
            phone: '+91 98320 33333',
            email: 'not an e-mail',
            whatsappNumber: '+91 98320 33333',
            address: 'Somewhere',
            'officeHours[0].days': 'Mon',
            'officeHours[0].hours': '',
          }),
        ),
      ),
    );
    expect(outcome.status).toBe(400);
    const body = outcome.body as { section: string; result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } };
    expect(body.section).toBe('company');
    expect(body.result.error.email).toEqual(['Enter a valid e-mail address']);
    expect(body.result.error['officeHours[0].hours']).toEqual(['This field is required']);
    expect(body.result.error['']).toEqual(['Nothing was saved: please correct the fields marked below.']);
    expect(body.result.initialValue.phone).toBe('+91 98320 33333');
    expect(await storedRow('company')).toEqual(before);
  });

  test('checkboxes, dates and one-per-line policies are read from the form', async () => {
    const promo = await settle(() =>
      settingsAction(
        post('/admin/settings', [
          ['section', 'promo'],
          ['text', 'Monsoon offer'],
          ['link', '/packages'],
          ['endsOn', '2027-09-30'],
        ]),
      ),
    );
    expect(promo.status).toBe(302);
    expect(await getSetting('promo')).toEqual({ enabled: false, text: 'Monsoon offer', link: '/packages', endsOn: '2027-09-30' });
    const toast = await settle(() =>
      settingsAction(
        post('/admin/settings', [
          ['section', 'recentBookingToast'],
          ['enabled', 'on'],
        ]),
      ),
    );
    expect(toast.status).toBe(302);
    expect(await getSetting('recentBookingToast')).toEqual({ enabled: true });

    const policies = await settle(() =>
      settingsAction(
        post('/admin/settings', [
          ['section', 'policies'],
          ['payment', '  30% advance.\r\n\r\nBalance on arrival.  '],
          ['cancellation', 'No refunds.'],
          ['requirements', ''],
          ['bikeTerms', 'Licence needed.'],
          ['carTerms', 'Licence needed.\nDriver extra.'],
        ]),
      ),
    );
    expect(policies.status).toBe(302);
    expect(await getSetting('policies')).toEqual({
      payment: ['30% advance.', 'Balance on arrival.'],
      cancellation: ['No refunds.'],
      requirements: [],
      bikeTerms: ['Licence needed.'],
      carTerms: ['Licence needed.', 'Driver extra.'],
    });

    const tooLong = await settle(() =>
      settingsAction(
        post('/admin/settings', [
          ['section', 'policies'],
          ['payment', ''],
          ['cancellation', `ok\n${'x'.repeat(301)}`],
          ['requirements', ''],
          ['bikeTerms', 'a'],
          ['carTerms', 'b'],
        ]),
      ),
    );
    expect(tooLong.status).toBe(400);
    const errors = (tooLong.body as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.payment).toEqual(['Add at least one line']);
    expect(errors.cancellation).toEqual(['Line 2: At most 300 characters']);
    await saveSettings({ promo: defaultSettings.promo, policies: defaultSettings.policies }, actor);
  });

  test('adding an office-hours row without JavaScript saves nothing and answers the longer list', async () => {
    const before = await storedRow('company');
    const outcome = await settle(() =>
      settingsAction(
        post('/admin/settings', [
          ['section', 'company'],
          ['name', 'X'],
          ['officeHours[0].days', 'Mon'],
          ['officeHours[0].hours', '9-5'],
          ['__intent__', JSON.stringify({ type: 'insert', payload: { name: 'officeHours', defaultValue: { days: '', hours: '' } } })],
        ]),
      ),
    );
    expect(outcome.status).toBe(200);
    const result = (outcome.body as { result: { initialValue: { officeHours: unknown[] } } }).result;
    expect(result.initialValue.officeHours).toHaveLength(2);
    expect(await storedRow('company')).toEqual(before);
  });

  test('an unknown form is refused with an error toast', async () => {
    const outcome = await settle(() =>
      settingsAction(
        post('/admin/settings', [
          ['section', 'map'],
          ['latitude', '1'],
        ]),
      ),
    );
    expect(outcome.status).toBe(302);
    expect((await getSetting('map')).latitude).toBe(defaultSettings.map.latitude);
  });
});

describe('/admin/location', () => {
  const fields = (over: Record<string, string> = {}): [string, string][] =>
    Object.entries({ section: 'map', latitude: '27.33', longitude: '88.61', zoom: '14', title: 'MG Marg office', embedCode: '', ...over });

  test('a save ends on the page with the exact toast, is audited, and changes the public map', async () => {
    const outcome = await settle(() => locationAction(post('/admin/location', fields())));
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get('Location')).toBe('/admin/location');
    expect(decodeURIComponent(outcome.headers.get('Set-Cookie') ?? '')).toBeTruthy();
    // The map has no address of its own: the office address is the company setting's.
    expect(await getSetting('map')).toEqual({ latitude: 27.33, longitude: 88.61, zoom: 14, title: 'MG Marg office', embedCode: '' });
    const contact = (await contactLoader()) as { map: Settings['map'] };
    expect(contact.map.latitude).toBe(27.33);
    const [entry] = await auditEntries('location');
    expect(entry).toMatchObject({ action: 'location', changes: { latitude: { from: 27.3187, to: 27.33 }, zoom: { from: 15, to: 14 } } });

    const page = await settle(() => locationLoader(routeArgs('/admin/location', {}, { headers: { Cookie: cookie } })));
    expect((page.body as { map: Settings['map'] }).map.title).toBe('MG Marg office');
    await saveSettings({ map: defaultSettings.map }, actor);
  });

  test('the toast is "Map settings saved successfully!"', async () => {
    const { MAP_SAVED_MESSAGE } = await import('~/components/admin/settings/form-schemas');
    expect(MAP_SAVED_MESSAGE).toBe('Map settings saved successfully!');
  });

  test('bad coordinates or zoom are named per field and nothing is saved', async () => {
    const outcome = await settle(() => locationAction(post('/admin/location', fields({ latitude: '', longitude: '200', zoom: '21' }))));
    expect(outcome.status).toBe(400);
    const error = (outcome.body as { result: { error: Record<string, string[]> } }).result.error;
    expect(error.latitude).toEqual(['Enter a latitude between -90 and 90']);
    expect(error.longitude).toEqual(['Enter a longitude between -180 and 180']);
    expect(error.zoom).toEqual(['Enter a zoom level from 1 to 20']);
    expect(await getSetting('map')).toEqual(defaultSettings.map);
  });

  test('a hostile embed is refused with a clear message and nothing saved; a good one is stored as our iframe', async () => {
    const hostile = await settle(() =>
      locationAction(post('/admin/location', fields({ embedCode: '<iframe src="https://www.google.com/maps/embed?pb=1" onload="alert(1)"></iframe>' }))),
    );
    expect(hostile.status).toBe(400);
    expect((hostile.body as { result: { error: Record<string, string[]> } }).result.error.embedCode).toEqual([
      'Event handler attributes such as onload are not allowed',
    ]);
    expect(await getSetting('map')).toEqual(defaultSettings.map);

    const good = await settle(() =>
      locationAction(
        post(
          '/admin/location',
          fields({ embedCode: '<iframe src="https://www.google.com/maps/embed?pb=1&amp;x=2" width="600" style="border:0;" allowfullscreen=""></iframe>' }),
        ),
      ),
    );
    expect(good.status).toBe(302);
    const saved = await getSetting('map');
    expect(saved.embedCode).toBe(
      '<iframe src="https://www.google.com/maps/embed?pb=1&amp;x=2" width="600" height="450" style="border:0" loading="lazy" referrerpolicy="no-referrer-when-downgrade" allowfullscreen></iframe>',
    );
    await saveSettings({ map: defaultSettings.map }, actor);
  });
});

describe('GET / PATCH /api/settings', () => {
  test('needs a session: 401 without one, for reads and writes', async () => {
    const read = await settle(() => apiLoader(routeArgs('/api/settings')));
    expect(read.status).toBe(401);
    const write = await call(apiAction, '/api/settings', { method: 'PATCH', body: { video: { url: '' } } });
    expect(write.status).toBe(401);
  });

  test('a cookie-authenticated change from another origin is 403', async () => {
    const res = await call(apiAction, '/api/settings', {
      method: 'PATCH',
      body: { video: { url: '' } },
      headers: { Cookie: cookie, Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });

  test('GET answers every setting by key, camelCase, not cached', async () => {
    const res = await settle(() => apiLoader(routeArgs('/api/settings', {}, { headers: bearer })));
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.body).toEqual(await getAllSettings());
    expect(Object.keys(res.body as object).sort()).toEqual(Object.keys(settingsSchemas).sort());
    expect((res.body as Settings).company.whatsappNumber).toEqual(expect.any(String));
  });

  test('PATCH merges the given fields (snake_case accepted), saves, audits and answers every setting', async () => {
    const res = await call(apiAction, '/api/settings', {
      method: 'PATCH',
      headers: bearer,
      body: { company: { whatsapp_number: '+91 98320 44444' }, recent_booking_toast: { enabled: false }, map: { zoom: '13' } },
    });
    expect(res.status).toBe(200);
    const body = res.body as Settings;
    expect(body.company).toEqual({ ...defaultSettings.company, whatsappNumber: '+919832044444' });
    expect(body.recentBookingToast).toEqual({ enabled: false });
    expect(body.map.zoom).toBe(13);
    const [settingsEntry] = await auditEntries('settings');
    expect(settingsEntry).toMatchObject({
      entityId: 'company,recentBookingToast',
      changes: { 'company.whatsappNumber': { to: '+919832044444' }, 'recentBookingToast.enabled': { from: true, to: false } },
    });
    const [locationEntry] = await auditEntries('location');
    expect(locationEntry!.changes).toEqual({ zoom: { from: 15, to: 13 } });
    await saveSettings({ company: defaultSettings.company, recentBookingToast: defaultSettings.recentBookingToast, map: defaultSettings.map }, actor);
  });

  test('PUT behaves like PATCH', async () => {
    const res = await call(apiAction, '/api/settings', { method: 'PUT', headers: bearer, body: { notifications: { email: 'ops@example.org' } } });
    expect(res.status).toBe(200);
    expect((await getSetting('notifications')).email).toBe('ops@example.org');
    await saveSettings({ notifications: { email: '' } }, actor);
  });

  test('400 names each wrong `key.field`, and nothing is saved unless all are valid', async () => {
    const before = await getAllSettings();
    const res = await call(apiAction, '/api/settings', {
      method: 'PATCH',
      headers: bearer,
      body: {
        ratings: { rating: '5.0' },
        company: { email: 'nope', office_hours: [] },
        map: { latitude: 'north', zoom: 0, embed_code: '<script>alert(1)</script>' },
        promo: { ends_on: 'soon', colour: 'red' },
        weather: { sunny: true },
      },
    });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body)).toEqual(['promo.colour', 'weather']);
    const second = await call(apiAction, '/api/settings', {
      method: 'PATCH',
      headers: bearer,
      body: {
        ratings: { rating: '5.0' },
        company: { email: 'nope', office_hours: [] },
        map: { latitude: 'north', zoom: 0, embed_code: '<script>alert(1)</script>' },
        promo: { ends_on: 'soon' },
      },
    });
    expect(second.status).toBe(400);
    expect(issuePaths(second.body)).toEqual(['company.email', 'company.officeHours', 'map.embedCode', 'map.latitude', 'map.zoom', 'promo.endsOn']);
    expect((second.body as { issues: { path: string; message: string }[] }).issues.find((i) => i.path === 'map.embedCode')!.message).toBe(
      'Scripts are not allowed in the embed code',
    );
    expect(await getAllSettings()).toEqual(before);
  });

  test('bodies that are not an object of objects: 400, 415, 405', async () => {
    expect((await call(apiAction, '/api/settings', { method: 'PATCH', headers: bearer, body: '[1,2]' })).status).toBe(400);
    expect((await call(apiAction, '/api/settings', { method: 'PATCH', headers: bearer, body: '{"company":' })).status).toBe(400);
    expect((await call(apiAction, '/api/settings', { method: 'PATCH', headers: bearer, body: {} })).status).toBe(400);
    expect(issuePaths((await call(apiAction, '/api/settings', { method: 'PATCH', headers: bearer, body: { company: 'x' } })).body)).toEqual(['company']);
    expect((await call(apiAction, '/api/settings', { method: 'PATCH', headers: { ...bearer, 'Content-Type': 'text/plain' }, body: undefined })).status).toBe(
      415,
    );
    expect((await call(apiAction, '/api/settings', { method: 'POST', headers: bearer, body: {} })).status).toBe(405);
  });

  test('the OpenAPI document describes GET, PATCH and PUT with the per-key schemas', () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.paths['/api/settings']!).sort()).toEqual(['get', 'patch', 'put']);
    expect(doc.components.schemas.Settings).toBeTruthy();
    expect(doc.components.schemas.SettingsPatch).toBeTruthy();
    for (const key of Object.keys(settingsSchemas)) expect(doc.components.schemas[`Settings_${key}`]).toBeTruthy();
  });

  test('updateSetting (seed path) still validates', async () => {
    await expect(updateSetting('video', { url: 'nope' })).rejects.toThrow();
  });
});

describe('/admin/outbox', () => {
  const mail = (n: number) => ({ to: `traveller${n}@example.com`, subject: `Subject ${n}`, text: `Body ${n}` });
  let failedId: string;
  let sentId: string;

  beforeAll(async () => {
    await enqueueEmails(
      db(),
      Array.from({ length: 23 }, (_, i) => mail(i)),
    );
    const rows = await db().select().from(emailOutbox);
    failedId = rows[0]!.id;
    sentId = rows[1]!.id;
    await db().update(emailOutbox).set({ status: 'failed', attempts: MAX_SEND_ATTEMPTS, lastError: 'Connection refused' }).where(eq(emailOutbox.id, failedId));
    await db().update(emailOutbox).set({ status: 'sent', attempts: 1, sentAt: new Date() }).where(eq(emailOutbox.id, sentId));
  });

  afterAll(async () => {
    await stopMailer();
  });

  test('lists newest first, 20 a page, filtered by status, with counts', async () => {
    const all = await listOutboxPage({});
    expect(all.total).toBe(23);
    expect(all.items).toHaveLength(20);
    expect(all.counts).toEqual({ pending: 21, sent: 1, failed: 1, held: 0 });
    const failed = await listOutboxPage({ status: 'failed' });
    expect(failed.items.map((m) => m.id)).toEqual([failedId]);

    const page = await settle(() => outboxLoader(routeArgs('/admin/outbox?status=failed', {}, { headers: { Cookie: cookie } })));
    const body = page.body as { rows: { id: string; lastError: string; attempts: number }[]; sends: boolean; counts: unknown };
    expect(body.rows).toEqual([expect.objectContaining({ id: failedId, lastError: 'Connection refused', attempts: MAX_SEND_ATTEMPTS })]);
    expect(body.sends).toBe(false);
    const second = await settle(() => outboxLoader(routeArgs('/admin/outbox?page=2', {}, { headers: { Cookie: cookie } })));
    expect((second.body as { rows: unknown[] }).rows).toHaveLength(3);
    const past = await settle(() => outboxLoader(routeArgs('/admin/outbox?page=9', {}, { headers: { Cookie: cookie } })));
    expect(past.status).toBe(302);
    expect(past.headers.get('Location')).toBe('/admin/outbox?page=2');
    expect((await settle(() => outboxLoader(routeArgs('/admin/outbox')))).status).toBe(302);
  });

  test('Resend puts a failed mail back (pending, attempts 0), audits it and wakes the mailer', async () => {
    const sent: string[] = [];
    const transport = { sendMail: async (m: { to: string }) => void sent.push(m.to), close: () => undefined } as unknown as Transporter;
    // The loop is started with a long interval: only the Resend's wake-up can send right away.
    startMailer({ transport, intervalMs: 3_600_000 });
    // Its first run sends every mail already due; wait until the outbox has none left pending.
    await expect.poll(async () => (await db().select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'))).length, { timeout: 5000 }).toBe(0);
    sent.length = 0;

    const outcome = await settle(() =>
      outboxAction(
        post('/admin/outbox?status=failed', [
          ['intent', 'resend'],
          ['id', failedId],
        ]),
      ),
    );
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get('Location')).toBe('/admin/outbox?status=failed');
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'email'), eq(auditLog.entityId, failedId)));
    expect(entry).toMatchObject({
      action: 'resend',
      actorName: actor.name,
      changes: { status: { from: 'failed', to: 'pending' }, attempts: { from: MAX_SEND_ATTEMPTS, to: 0 }, lastError: { from: 'Connection refused', to: null } },
    });
    await expect.poll(async () => (await db().select().from(emailOutbox).where(eq(emailOutbox.id, failedId)))[0]!.status, { timeout: 5000 }).toBe('sent');
    expect(sent).toContain('traveller0@example.com');
    await stopMailer();
  });

  test('a mail that is not failed, or unknown, is not resent', async () => {
    await expect(resendEmail(sentId, actor)).rejects.toMatchObject({ message: 'Only a failed e-mail can be resent' });
    await expect(resendEmail('3f2a5c1e-8b4d-4c6e-9a7b-1d2e3f4a5b6c', actor)).rejects.toMatchObject({ message: 'E-mail not found' });
    const outcome = await settle(() =>
      outboxAction(
        post('/admin/outbox', [
          ['intent', 'resend'],
          ['id', sentId],
        ]),
      ),
    );
    expect(outcome.status).toBe(302);
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, sentId));
    expect(row!.status).toBe('sent');
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'email'), eq(auditLog.entityId, sentId))),
    ).toEqual([]);
    retryEmailsNow([]); // without a transport: only logs
  });
});
