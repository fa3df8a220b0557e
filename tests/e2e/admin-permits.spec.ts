/**
 * Permits in the back office on the production build (docs/decisions/050-permits-and-manifests.md):
 * an admin edits a permit's name and closed days in Settings; a booking of the seeded North Sikkim
 * package starts with its documents missing, staff mark its permit Applied, then Permit issued with
 * the number; once confirmed, the day's North Sikkim manifest lists it and its CSV downloads.
 *
 * The settings changed here are read first through the API and put back in a `finally`.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminBearer, expectFlash, freeBookingStart, inDays, signIn } from './admin-helpers';

type Settings = Record<string, Record<string, unknown>>;

async function readSettings(request: APIRequestContext, bearer: string): Promise<Settings> {
  const response = await request.get('/api/settings', { headers: { Authorization: `Bearer ${bearer}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Settings;
}

/** No serious or critical axe violations on the page as it is. */
async function expectNoSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('an admin renames a permit and marks it closed on Wednesdays in Settings', async ({ page, request }) => {
  const bearer = await adminBearer(request);
  const original = await readSettings(request, bearer);
  try {
    await signIn(page, { redirectTo: '/admin/settings' });
    const card = page.locator('#section-permits');
    await expect(card.getByRole('heading', { name: "Permits and travellers' documents" })).toBeVisible();
    await expect(card.getByLabel('Permit 3: name')).toHaveValue('Nathula PAP');
    await expect(card.getByLabel('Permit 3 closed on Mondays')).toBeChecked();
    await card.getByLabel('Permit 2: name').fill('Tsomgo Lake PAP (e2e)');
    await card.getByLabel('Permit 2 closed on Wednesdays').check();
    await card.getByRole('button', { name: 'Save permits and documents' }).click();
    await expectFlash(page, 'Settings saved');
    await page.reload();
    await expect(card.getByLabel('Permit 2: name')).toHaveValue('Tsomgo Lake PAP (e2e)');
    await expect(card.getByLabel('Permit 2 closed on Wednesdays')).toBeChecked();
    const saved = await readSettings(request, bearer);
    expect((saved.permits!.types as { id: string; closedWeekdays: number[] }[]).find((t) => t.id === 'tsomgo-pap')?.closedWeekdays).toEqual([3]);
  } finally {
    const restored = await request.patch('/api/settings', { headers: { Authorization: `Bearer ${bearer}` }, data: { permits: original.permits } });
    expect(restored.status()).toBe(200);
  }
});

test('a North Sikkim booking: Applied, then Permit issued with its number; the manifest of its permit day downloads as CSV', async ({ page, request }) => {
  const bearer = await adminBearer(request);
  const packages = (await (await request.get('/api/packages?limit=50')).json()) as { id: string; title: string }[];
  const northSikkim = packages.find((p) => p.title === 'North Sikkim & Gangtok Explorer')!;
  const start = inDays(freeBookingStart());
  const created = await request.post('/api/bookings', {
    data: {
      type: 'package',
      itemId: northSikkim.id,
      name: 'Permit E2E Traveller',
      email: 'permit.e2e@example.com',
      phone: '+91 98320 55555',
      startDate: start,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { id: string; permitStatus: string };
  expect(booking.permitStatus).toBe('documents_missing');
  const reference = booking.id.replaceAll('-', '').slice(-6).toUpperCase();

  await signIn(page, { redirectTo: `/admin/bookings/${booking.id}` });
  const panel = page.getByRole('region', { name: 'Permit' });
  await expect(panel).toContainText('Documents missing');
  await expect(panel).toContainText('North Sikkim PAP');
  await panel.getByRole('button', { name: 'Mark applied' }).click();
  await expectFlash(page, 'Permit: Applied');
  await expect(panel).toContainText('Applied');

  await panel.getByRole('button', { name: 'Permit issued' }).click();
  await expect(panel.getByText('Enter the permit number printed on the permit')).toBeVisible();
  await panel.getByLabel('Permit number').fill('PAP/NS/2026/0457');
  await panel.getByRole('button', { name: 'Permit issued' }).click();
  await expectFlash(page, 'Permit: Permit issued');
  await expect(panel).toContainText('No. PAP/NS/2026/0457');
  await expectNoSeriousAxe(page);

  // Confirmed, it is on the manifest of day 2 (the first day the itinerary spends in North Sikkim).
  const confirmed = await request.patch(`/api/bookings/${booking.id}`, { headers: { Authorization: `Bearer ${bearer}` }, data: { status: 'confirmed' } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const day2 = new Date(Date.parse(`${start}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await page.goto('/admin/manifest');
  await page.getByLabel('Day').fill(day2);
  await page.getByLabel('Permit').selectOption({ label: 'North Sikkim PAP (Lachung, Lachen, Gurudongmar, Yumthang)' });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${day2}&permit=north-sikkim-pap`));
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText('No travellers entered yet');
  await expect(row).toContainText('Day 2');
  await expectNoSeriousAxe(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`manifest-north-sikkim-pap-${day2}.csv`);
  const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  expect(header).toMatch(/^Booking,Traveller no,Name,Gender,Date of birth,Age,Nationality/);
  expect(lines.find((l) => l.startsWith(reference))).toContain('No travellers entered yet');
});

test("Book Your Tour refuses a trip whose Nathula day falls on a Monday, naming the day, and takes the next day's", async ({ page, request }) => {
  const bearer = await adminBearer(request);
  const day = (n: number, permitId?: string) => ({ day: n, title: `Day ${n}`, description: 'E2E day', ...(permitId ? { permitId } : {}) });
  const created = await request.post('/api/packages', {
    headers: { Authorization: `Bearer ${bearer}` },
    data: {
      title: `Nathula E2E ${Date.now().toString(36)}`,
      description: 'Tsomgo Lake and Nathula Pass.',
      permitIds: ['tsomgo-pap', 'nathula-pap'],
      itinerary: [day(1), day(2, 'nathula-pap'), day(3)],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  try {
    // A Sunday start puts day 2 on a Monday.
    let offset = 40;
    while (new Date(`${inDays(offset)}T00:00:00Z`).getUTCDay() !== 0) offset += 1;
    await page.goto(`/booking?package=${id}`);
    const form = page.getByRole('main');
    await form.getByLabel('Full name').fill('Dorjee Nathula');
    await form.getByLabel('Email').fill('dorjee@example.com');
    await form.getByLabel('Phone').fill('+91 98320 12345');
    await form.getByLabel('Travel date').fill(inDays(offset));
    await form.getByRole('button', { name: 'Send Booking Request' }).click();
    await expect(
      form.getByText(/Nathula PAP is closed on Mondays and Tuesdays: day 2 of this trip would be Monday, .* Please choose another travel date\./).first(),
    ).toBeVisible();
    await expect(form.getByLabel('Travel date')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Travel date').fill(inDays(offset + 2));
    await form.getByRole('button', { name: 'Send Booking Request' }).click();
    await expect(page.getByRole('heading', { name: 'Booking Request Sent!' })).toBeVisible();
  } finally {
    expect([204, 404]).toContain((await request.delete(`/api/packages/${id}`, { headers: { Authorization: `Bearer ${bearer}` } })).status());
  }
});
