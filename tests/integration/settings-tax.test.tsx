/**
 * The tax settings (docs/decisions/047-invoices-gst.md#tax-settings): the `tax` key's schema (GSTIN,
 * state, prefixes, SAC and rate per item kind, each refused with a message naming what is wrong),
 * `saveSettings` (audited, all or nothing), the 'Tax (GST)' form of /admin/settings (without
 * JavaScript: each field's error, nothing saved; the receipts-only note without a GSTIN) and
 * PATCH /api/settings; a staff user can neither see nor change them; a fresh install has the
 * defaults and no GSTIN.
 */
import { desc, eq } from 'drizzle-orm';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog } from '~/db/schema';
import { TAX_DEFAULTS } from '~/lib/gst/defaults';
import { gstinCheckCharacter } from '~/lib/gst/gstin';
import type { AuditActor } from '~/models/audit.server';
import { getAllSettings, getSetting, InvalidSettings, saveSettings } from '~/models/settings.server';
import AdminSettings, { action as settingsAction, loader as settingsLoader } from '~/routes/admin/settings';
import { action as apiAction, loader as apiLoader } from '~/routes/api/settings';
import { defaultSettings, issuesTaxInvoices, taxSettingsSchema, type Settings } from '~/schemas/settings';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { routeArgs, settle } from '../route-args';
import { call, issuePaths } from './catalog-write-helpers';

/** Indian Oil's registration in Sikkim, a published GSTIN (app/lib/gst/gstin.test.ts). */
const SIKKIM_GSTIN = '11AAACI1681G1Z2';
/** The same PAN registered in West Bengal (19), with its check character. */
const WEST_BENGAL_GSTIN = `19AAACI1681G1Z${gstinCheckCharacter('19AAACI1681G1Z')}`;
/** A Sikkim GSTIN with its last character mistyped. */
const MISTYPED_GSTIN = '11AAACI1681G1Z3';

let admin: Awaited<ReturnType<typeof createStaffSession>>;
let staff: Awaited<ReturnType<typeof createStaffSession>>;
let actor: AuditActor;

beforeAll(async () => {
  admin = await createStaffSession(undefined, 'admin');
  staff = await createStaffSession(undefined, 'staff');
  actor = { id: admin.user.id, name: admin.user.username, ip: '127.0.0.1' };
});

/** Put the defaults back, so each test starts from a fresh install's tax settings. */
async function resetTax() {
  await saveSettings({ tax: defaultSettings.tax }, actor);
}

const latestSettingsAudit = async () =>
  (await db().select().from(auditLog).where(eq(auditLog.entityType, 'settings')).orderBy(desc(auditLog.createdAt)).limit(1))[0];

function post(cookie: string, fields: [string, string][]) {
  return routeArgs(
    '/admin/settings',
    {},
    { method: 'POST', body: new URLSearchParams(fields), headers: browserHeaders(cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }) },
  );
}

/** The tax form as the page posts it, with valid values; `over` replaces fields by name. */
function taxForm(over: Record<string, string> = {}): [string, string][] {
  return Object.entries({
    section: 'tax',
    legalName: 'Himalayan Tours and Travels Private Limited',
    gstin: ` ${SIKKIM_GSTIN.toLowerCase()} `,
    address: 'Tibet Road, Gangtok, Sikkim 737101',
    stateCode: '11',
    receiptPrefix: 'hr',
    invoicePrefix: 'HT',
    creditNotePrefix: 'HC',
    prices: 'exclusive',
    'tourPackage.sac': '998555',
    'tourPackage.ratePercent': '5',
    'carWithDriver.sac': '996601',
    'carWithDriver.ratePercent': '12.5',
    'selfDrive.sac': '997311',
    'selfDrive.ratePercent': '18 %',
    ...over,
  });
}

/**
 * The HTML of the page's 'Tax (GST)' section as the server renders it for the loader's data and an
 * action's answer (what a browser without JavaScript shows).
 */
async function renderTaxSection(actionData?: unknown): Promise<string> {
  const loaderData = await settingsLoader(routeArgs('/admin/settings', {}, { headers: { Cookie: admin.cookie } }));
  const Page = AdminSettings as unknown as (props: Record<string, unknown>) => ReactNode;
  const router = createMemoryRouter([{ path: '/', Component: () => <Page loaderData={loaderData} actionData={actionData} params={{}} matches={[]} /> }], {
    hydrationData: { loaderData: {} },
  });
  const html = renderToStaticMarkup(<RouterProvider router={router} />);
  return html.slice(html.indexOf('<section id="section-tax"'));
}

/** The text of the element with `id` in `html` (a field's error line), tags stripped. */
function textOf(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  if (start < 0) return '';
  const open = html.indexOf('>', start) + 1;
  return html
    .slice(open, html.indexOf('</p>', open))
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The errors of a refused settings form, by field name. */
const formErrors = (body: unknown) => (body as { result: { error: Record<string, string[]> } }).result.error;

describe('the tax schema', () => {
  const parse = (over: Partial<Record<keyof Settings['tax'], unknown>>) => taxSettingsSchema.safeParse({ ...defaultSettings.tax, ...over });
  const issues = (over: Partial<Record<keyof Settings['tax'], unknown>>) => {
    const result = parse(over);
    expect(result.success, JSON.stringify(over)).toBe(false);
    return Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
  };

  test('the defaults: Sikkim, no GSTIN, tax-inclusive prices, the sources’ SAC and rate per item kind', () => {
    expect(defaultSettings.tax).toMatchObject({
      gstin: '',
      stateCode: '11',
      prices: 'inclusive',
      receiptPrefix: 'RCT',
      invoicePrefix: 'INV',
      creditNotePrefix: 'CN',
      tourPackage: { sac: '998555', ratePercent: 5 },
      carWithDriver: { sac: '996601', ratePercent: 5 },
      selfDrive: { sac: '997311', ratePercent: 18 },
    });
    expect(taxSettingsSchema.parse(defaultSettings.tax)).toEqual(defaultSettings.tax);
    expect(issuesTaxInvoices(defaultSettings.tax)).toBe(false);
  });

  test('a GSTIN is stored trimmed and in capitals; rates and prefixes as typed are normalised', () => {
    const result = parse({ gstin: ` ${SIKKIM_GSTIN.toLowerCase()} `, invoicePrefix: ' ht ', selfDrive: { sac: ' 997311 ', ratePercent: '0.25' } });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ gstin: SIKKIM_GSTIN, invoicePrefix: 'HT', selfDrive: { sac: '997311', ratePercent: 0.25 } });
    expect(issuesTaxInvoices(result.data!)).toBe(true);
  });

  test('a wrong GSTIN is refused with what is wrong with it', () => {
    expect(issues({ gstin: MISTYPED_GSTIN }).gstin).toMatch(/last character .* does not match/);
    expect(issues({ gstin: '11AAACI1681G1Z' }).gstin).toBe('A GSTIN has 15 characters; this has 14');
    expect(issues({ gstin: '25AAACI1681G1Z2' }).gstin).toMatch(/^State code 25 \(Daman and Diu\) is no longer used/);
    expect(issues({ gstin: '11AAAC11681G1Z2' }).gstin).toMatch(/PAN/);
  });

  test('a GSTIN of another state than the registered address is refused, naming both', () => {
    expect(issues({ gstin: WEST_BENGAL_GSTIN }).gstin).toBe(
      "This GSTIN is registered in West Bengal (19), but the registered address is in Sikkim (11): a GSTIN starts with its state's code",
    );
    expect(parse({ gstin: WEST_BENGAL_GSTIN, stateCode: '19' }).success).toBe(true);
  });

  test('rates outside 0-28 %, SACs that are not 4 to 8 digits, unknown states and a prefix too long for 16 characters are refused', () => {
    expect(issues({ tourPackage: { sac: '998555', ratePercent: 29 } })['tourPackage.ratePercent']).toBe('The GST rate is between 0 and 28 %');
    expect(issues({ carWithDriver: { sac: '996601', ratePercent: '-1' } })['carWithDriver.ratePercent']).toBe(
      'Enter the GST rate as a number of percent, for example 5 or 18',
    );
    expect(issues({ selfDrive: { sac: '997311', ratePercent: 0.125 } })['selfDrive.ratePercent']).toBe(
      'The GST rate has at most two decimals (for example 0.25)',
    );
    expect(issues({ tourPackage: { sac: '12', ratePercent: 5 } })['tourPackage.sac']).toBe('An SAC code has 4 to 8 digits; this has 2');
    expect(issues({ tourPackage: { sac: '99855A', ratePercent: 5 } })['tourPackage.sac']).toBe('An SAC code has only digits (for example 998555)');
    expect(issues({ stateCode: '99' }).stateCode).toMatch(/^Choose the state/);
    expect(issues({ invoicePrefix: 'HTOURS' }).invoicePrefix).toBe('A prefix has at most 5 characters: HTOURS/26-27/0042 has 17, and GST Rule 46 allows 16');
    expect(issues({ receiptPrefix: 'R/' }).receiptPrefix).toMatch(/starts and ends with a letter or digit/);
    expect(issues({ prices: 'sometimes' }).prices).toBe("Use 'inclusive' or 'exclusive'");
    expect(issues({ legalName: '  ' }).legalName).toBe('This field is required');
  });

  test('two series with one prefix are refused: they would print the same number', () => {
    expect(issues({ creditNotePrefix: 'inv' }).creditNotePrefix).toBe('Each series needs its own prefix: INV is already the prefix of the tax invoices');
  });
});

describe('saveSettings with the tax key', () => {
  test('a valid save is stored and audited with the changed fields', async () => {
    await resetTax();
    const { changed } = await saveSettings({ tax: { ...defaultSettings.tax, gstin: SIKKIM_GSTIN, invoicePrefix: 'HT' } }, actor);
    expect(changed).toEqual(['tax']);
    expect(await getSetting('tax')).toEqual({ ...defaultSettings.tax, gstin: SIKKIM_GSTIN, invoicePrefix: 'HT' });
    const audit = await latestSettingsAudit();
    expect(audit).toMatchObject({ entityId: 'tax', summary: 'Updated settings: Tax (GST)', actorId: admin.user.id });
    expect(audit!.changes).toEqual({ 'tax.gstin': { from: '', to: SIKKIM_GSTIN }, 'tax.invoicePrefix': { from: 'INV', to: 'HT' } });
    await resetTax();
  });

  test('an invalid GSTIN, rate 29, SAC 12 or a too-long prefix saves nothing, with each field named', async () => {
    await resetTax();
    const auditBefore = await latestSettingsAudit();
    const error = await saveSettings(
      { tax: { ...defaultSettings.tax, gstin: MISTYPED_GSTIN, invoicePrefix: 'HTOURS', tourPackage: { sac: '12', ratePercent: 29 } } },
      actor,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidSettings);
    expect((error as InvalidSettings).issues.map((i) => i.path).sort()).toEqual([
      'tax.gstin',
      'tax.invoicePrefix',
      'tax.tourPackage.ratePercent',
      'tax.tourPackage.sac',
    ]);
    expect(await getSetting('tax')).toEqual(defaultSettings.tax);
    expect((await latestSettingsAudit())?.id).toBe(auditBefore?.id);
  });
});

describe("/admin/settings, the 'Tax (GST)' form", () => {
  test('a fresh install shows the defaults and says plainly that only receipts are issued without a GSTIN', async () => {
    await resetTax();
    const page = await settingsLoader(routeArgs('/admin/settings', {}, { headers: { Cookie: admin.cookie } }));
    expect(page.sections.tax).toEqual(defaultSettings.tax);
    expect(page.gstRegistered).toBe(false);
    const html = await renderTaxSection();
    expect(html).toContain('data-gst-status="unregistered"');
    expect(html).toContain('No GSTIN: the site issues receipts only, no tax invoices or credit notes');
    expect(html).toContain('<option value="11" selected="">Sikkim (11)</option>');
    expect(html).toContain('name="tourPackage.sac" value="998555"');
    expect(html).toContain('name="selfDrive.ratePercent" value="18"');
  });

  test('an admin saves it: stored normalised, audited, and the page then counts the operator as registered', async () => {
    await resetTax();
    const outcome = await settle(() => settingsAction(post(admin.cookie, taxForm())));
    expect(outcome.status).toBe(302);
    expect(await getSetting('tax')).toEqual({
      legalName: 'Himalayan Tours and Travels Private Limited',
      gstin: SIKKIM_GSTIN,
      address: 'Tibet Road, Gangtok, Sikkim 737101',
      stateCode: '11',
      receiptPrefix: 'HR',
      invoicePrefix: 'HT',
      creditNotePrefix: 'HC',
      prices: 'exclusive',
      tourPackage: { sac: '998555', ratePercent: 5 },
      carWithDriver: { sac: '996601', ratePercent: 12.5 },
      selfDrive: { sac: '997311', ratePercent: 18 },
    });
    const audit = await latestSettingsAudit();
    expect(audit).toMatchObject({ entityId: 'tax', actorId: admin.user.id });
    expect(Object.keys(audit!.changes ?? {})).toContain('tax.gstin');
    const page = await settingsLoader(routeArgs('/admin/settings', {}, { headers: { Cookie: admin.cookie } }));
    expect(page.gstRegistered).toBe(true);
    const html = await renderTaxSection();
    expect(html).toContain('data-gst-status="registered"');
    expect(html).not.toContain('receipts only');
    await resetTax();
  });

  test('bad input without JavaScript: 400, a message on each field, the typed values kept, nothing saved', async () => {
    await resetTax();
    const outcome = await settle(() =>
      settingsAction(
        post(
          admin.cookie,
          taxForm({
            gstin: MISTYPED_GSTIN,
            invoicePrefix: 'HTOURS',
            'tourPackage.sac': '12',
            'tourPackage.ratePercent': '29',
            'selfDrive.ratePercent': '',
            stateCode: '28',
          }),
        ),
      ),
    );
    expect(outcome.status).toBe(400);
    expect((outcome.body as { section: string }).section).toBe('tax');
    const errors = formErrors(outcome.body);
    expect(errors.gstin?.[0]).toMatch(/does not match the others/);
    expect(errors.invoicePrefix).toEqual(['A prefix has at most 5 characters: HTOURS/26-27/0042 has 17, and GST Rule 46 allows 16']);
    expect(errors['tourPackage.sac']).toEqual(['An SAC code has 4 to 8 digits; this has 2']);
    expect(errors['tourPackage.ratePercent']).toEqual(['The GST rate is between 0 and 28 %']);
    expect(errors['selfDrive.ratePercent']).toEqual(['Enter the GST rate in percent']);
    expect(errors.stateCode?.[0]).toMatch(/^Choose the state/);
    expect((outcome.body as { result: { initialValue: Record<string, unknown> } }).result.initialValue).toMatchObject({
      gstin: MISTYPED_GSTIN,
      invoicePrefix: 'HTOURS',
    });
    expect(await getSetting('tax')).toEqual(defaultSettings.tax);

    // The page the browser gets back: the message under each field, the typed values kept.
    const html = await renderTaxSection(outcome.body);
    expect(html).toContain('Nothing was saved: please correct the fields marked below.');
    expect(textOf(html, 'settings-tax-tourPackage.sac-error')).toBe('An SAC code has 4 to 8 digits; this has 2');
    expect(textOf(html, 'settings-tax-tourPackage.ratePercent-error')).toBe('The GST rate is between 0 and 28 %');
    expect(textOf(html, 'settings-tax-invoicePrefix-error')).toBe('A prefix has at most 5 characters: HTOURS/26-27/0042 has 17, and GST Rule 46 allows 16');
    expect(textOf(html, 'settings-tax-gstin-error')).toMatch(/does not match the others/);
    expect(html).toContain(`name="gstin" value="${MISTYPED_GSTIN}"`);
  });

  test('a GSTIN of another state is refused on the GSTIN field and nothing is saved', async () => {
    await resetTax();
    const outcome = await settle(() => settingsAction(post(admin.cookie, taxForm({ gstin: WEST_BENGAL_GSTIN }))));
    expect(outcome.status).toBe(400);
    expect(formErrors(outcome.body).gstin?.[0]).toMatch(/^This GSTIN is registered in West Bengal \(19\), but the registered address is in Sikkim \(11\)/);
    expect(await getSetting('tax')).toEqual(defaultSettings.tax);
  });

  test('a staff user can neither see nor save it (403), and nothing changes', async () => {
    await resetTax();
    const page = await settle(() => settingsLoader(routeArgs('/admin/settings', {}, { headers: { Cookie: staff.cookie } })));
    expect(page.status).toBe(403);
    const outcome = await settle(() => settingsAction(post(staff.cookie, taxForm())));
    expect(outcome.status).toBe(403);
    expect(await getSetting('tax')).toEqual(defaultSettings.tax);
  });
});

describe('GET / PATCH /api/settings with the tax key', () => {
  const patch = (headers: Record<string, string>, body: unknown) => call(apiAction, '/api/settings', { method: 'PATCH', headers, body });

  test('GET includes the tax settings', async () => {
    await resetTax();
    const res = await settle(() => apiLoader(routeArgs('/api/settings', {}, { headers: { Authorization: admin.authorization } })));
    expect(res.status).toBe(200);
    expect((res.body as Settings).tax).toEqual(defaultSettings.tax);
  });

  test('PATCH changes some fields (snake_case too), keeps the others, audits and answers every setting', async () => {
    await resetTax();
    const res = await patch(
      { Authorization: admin.authorization },
      { tax: { gstin: SIKKIM_GSTIN, legal_name: 'Himalayan Tours LLP', self_drive: { sac: '997311', rate_percent: 12 } } },
    );
    expect(res.status).toBe(200);
    const expected = { ...defaultSettings.tax, gstin: SIKKIM_GSTIN, legalName: 'Himalayan Tours LLP', selfDrive: { sac: '997311', ratePercent: 12 } };
    expect((res.body as Settings).tax).toEqual(expected);
    expect(await getSetting('tax')).toEqual(expected);
    expect((await latestSettingsAudit())!.changes).toMatchObject({
      'tax.gstin': { from: '', to: SIKKIM_GSTIN },
      'tax.selfDrive': { from: { sac: '997311', ratePercent: TAX_DEFAULTS.self_drive.ratePercent }, to: { sac: '997311', ratePercent: 12 } },
    });
    await resetTax();
  });

  test('an invalid GSTIN, rate 29, SAC 12 or a too-long prefix: 400 naming each field, nothing saved', async () => {
    await resetTax();
    const before = await getAllSettings();
    for (const [body, path] of [
      [{ tax: { gstin: MISTYPED_GSTIN } }, 'tax.gstin'],
      [{ tax: { tour_package: { sac: '998555', rate_percent: 29 } } }, 'tax.tourPackage.ratePercent'],
      [{ tax: { car_with_driver: { sac: '12', rate_percent: 5 } } }, 'tax.carWithDriver.sac'],
      [{ tax: { invoice_prefix: 'HTOURS' } }, 'tax.invoicePrefix'],
      [{ tax: { gstin: SIKKIM_GSTIN }, company: { email: 'nope' } }, 'company.email'],
    ] as const) {
      const res = await patch({ Authorization: admin.authorization }, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(issuePaths(res.body)).toEqual([path]);
    }
    expect(await getAllSettings()).toEqual(before);
  });

  test('a staff user gets 403 for reads and writes, and nothing is saved', async () => {
    await resetTax();
    const read = await settle(() => apiLoader(routeArgs('/api/settings', {}, { headers: { Authorization: staff.authorization } })));
    expect(read.status).toBe(403);
    const write = await patch({ Authorization: staff.authorization }, { tax: { gstin: SIKKIM_GSTIN } });
    expect(write.status).toBe(403);
    expect(await getSetting('tax')).toEqual(defaultSettings.tax);
  });
});
