/**
 * The "Permits and travellers' documents" card of /admin/settings
 * (docs/decisions/050-permits-and-manifests.md#permits-in-settings-and-on-packages): an admin saves
 * permit types with their closed weekdays and ID types as rows, each bad field is named and nothing
 * saved, a row is added without JavaScript, and the page starts from the saved value.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getSetting, saveSettings } from '~/models/settings.server';
import { action as settingsAction, loader as settingsLoader } from '~/routes/admin/settings';
import { defaultSettings } from '~/schemas/settings';
import { browserHeaders, createStaffSession } from '../auth-helpers';
import { routeArgs, settle } from '../route-args';

let admin: Awaited<ReturnType<typeof createStaffSession>>;

beforeAll(async () => {
  admin = await createStaffSession(undefined, 'admin');
});

afterAll(async () => {
  await saveSettings({ permits: defaultSettings.permits }, { id: null, name: 'tests' });
});

function post(fields: [string, string][]) {
  return routeArgs(
    '/admin/settings',
    {},
    { method: 'POST', body: new URLSearchParams(fields), headers: browserHeaders(admin.cookie, { 'Content-Type': 'application/x-www-form-urlencoded' }) },
  );
}

/** The permits form as the page posts it: two permits (Nathula closed Mon and Tue), two ID types. */
function permitsForm(extra: [string, string][] = [], over: Record<string, string> = {}): [string, string][] {
  return [
    ...Object.entries({
      section: 'permits',
      'types[0].id': 'north-sikkim-pap',
      'types[0].name': 'North Sikkim PAP',
      'types[1].id': 'nathula-pap',
      'types[1].name': 'Nathula PAP',
      'types[1].foreignersOnly': 'on',
      'idTypes[0].id': 'voter-id',
      'idTypes[0].label': 'Voter ID',
      'idTypes[0].enabled': 'on',
      'idTypes[1].id': 'aadhaar',
      'idTypes[1].label': 'Aadhaar',
      documentsDaysBefore: '12',
      documentFormats: 'jpeg',
      minDocumentKb: '20',
      maxDocumentKb: '200',
      retentionDaysAfterTrip: '45',
      ...over,
    }),
    ['types[1].closedWeekdays', '1'],
    ['types[1].closedWeekdays', '2'],
    ...extra,
  ];
}

describe('Permits settings', () => {
  test('an admin saves permit types and ID types as rows; the page starts from them', async () => {
    const outcome = await settle(() => settingsAction(post(permitsForm())));
    expect(outcome.status).toBe(302);
    expect(await getSetting('permits')).toEqual({
      types: [
        { id: 'north-sikkim-pap', name: 'North Sikkim PAP', closedWeekdays: [], foreignersOnly: false },
        { id: 'nathula-pap', name: 'Nathula PAP', closedWeekdays: [1, 2], foreignersOnly: true },
      ],
      idTypes: [
        { id: 'voter-id', label: 'Voter ID', enabled: true },
        { id: 'aadhaar', label: 'Aadhaar', enabled: false },
      ],
      documentsDaysBefore: 12,
      documentFormats: ['jpeg'],
      minDocumentKb: 20,
      maxDocumentKb: 200,
      retentionDaysAfterTrip: 45,
    });
    const page = await settingsLoader(routeArgs('/admin/settings', {}, { headers: { Cookie: admin.cookie } }));
    expect(page.sections.permits).toMatchObject({ types: [{ closedWeekdays: [] }, { closedWeekdays: ['1', '2'], foreignersOnly: 'on' }] });
  });

  test('a blank row at the end is left out', async () => {
    const outcome = await settle(() =>
      settingsAction(
        post(
          permitsForm([
            ['types[2].id', ''],
            ['types[2].name', '  '],
          ]),
        ),
      ),
    );
    expect(outcome.status).toBe(302);
    expect((await getSetting('permits')).types).toHaveLength(2);
  });

  test('bad values: 400 naming each field, nothing saved', async () => {
    const before = await getSetting('permits');
    const outcome = await settle(() =>
      settingsAction(
        post(
          permitsForm([], {
            'types[0].id': 'North Sikkim',
            'types[1].name': '',
            'idTypes[0].enabled': '',
            documentsDaysBefore: '0',
            documentFormats: '',
            minDocumentKb: '100',
            maxDocumentKb: '150',
          }),
        ),
      ),
    );
    expect(outcome.status).toBe(400);
    const errors = (outcome.body as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors['types[0].id']?.[0]).toMatch(/lower-case letters, digits and hyphens/);
    expect(errors['types[1].name']).toBeDefined();
    expect(errors.idTypes).toEqual(['Offer at least one ID type']);
    expect(errors.documentsDaysBefore).toEqual(['Enter a whole number of days from 1 to 90']);
    expect(errors.documentFormats).toEqual(['Accept at least one format']);
    expect(errors.maxDocumentKb).toEqual(['The largest size must be at least twice the smallest']);
    expect(await getSetting('permits')).toEqual(before);
  });

  test('two permits with one identifier are refused on the list', async () => {
    const outcome = await settle(() => settingsAction(post(permitsForm([], { 'types[1].id': 'north-sikkim-pap' }))));
    expect(outcome.status).toBe(400);
    expect((outcome.body as { result: { error: Record<string, string[]> } }).result.error.types).toEqual(['Each permit needs its own identifier']);
  });

  test('Add permit without JavaScript comes back with a new row and saves nothing', async () => {
    const before = await getSetting('permits');
    const outcome = await settle(() =>
      settingsAction(
        post(
          permitsForm([['__intent__', JSON.stringify({ type: 'insert', payload: { name: 'types', defaultValue: { id: '', name: '', closedWeekdays: [] } } })]]),
        ),
      ),
    );
    expect(outcome.status).toBe(200);
    const initial = (outcome.body as { result: { initialValue: { types: unknown[] } } }).result.initialValue;
    expect(initial.types).toHaveLength(3);
    expect(await getSetting('permits')).toEqual(before);
  });
});
