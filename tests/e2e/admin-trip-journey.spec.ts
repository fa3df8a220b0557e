/**
 * A North Sikkim tour run from confirmation to the road, in the browser (issue #27's "Done when";
 * docs/decisions/048-trip-operations.md, 050-permits-and-manifests.md, 051-voucher.md):
 * a traveller books the seeded North Sikkim package for two; staff quote it and send the advance
 * request; the traveller pays online (the local fake of Razorpay), which confirms the booking; on
 * their booking page (no scripts) they add both travellers with a passport-size photo and an ID scan
 * each, and the permit documents become complete; staff download the North Sikkim manifest of the
 * trip's first permit day (CSV and the ZIP of documents named `<ref>-<n>-photo.jpg`); staff add a
 * driver, assign them with a car of the fleet; the duty sheet of the first day lists the pickup; the
 * voucher PDF names the travellers, the driver, the car and the permit's status.
 *
 * The trip's days are claimed with `freeBookingStart()` so no other admin test gives the same car or
 * driver overlapping days. Every control is pressed as soon as it shows.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { FAKE_RAZORPAY_PORT } from '../../playwright.config';
import { pdfText } from '../support/pdf-text';
import { expect, test } from './fixtures';
import { expectFlash, freeBookingStart, inDays, signIn, uniqueTag } from './admin-helpers';

/** A photo-like JPEG (a gradient with some noise) as a phone camera sends it: too big for the permit office as it is. */
async function photo(name: string, width = 900, height = 1200) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = ((i / 3) % width) * 0.25 + ((i * 13) % 89);
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await (download as Download).path())!) };
}

test('a North Sikkim booking goes from confirmed to documents, manifest, driver, duty sheet and voucher', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  // Names on an ID have letters only: the tag spelt without digits.
  const letters = tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const packages = (await (await request.get('/api/packages?limit=50')).json()) as { id: string; title: string }[];
  const northSikkim = packages.find((p) => p.title === 'North Sikkim & Gangtok Explorer')!;
  expect(northSikkim).toBeTruthy();
  const first = freeBookingStart();
  const startDate = inDays(first);
  const permitDay = inDays(first + 1); // day 2, Gangtok to Lachung, is the first day in North Sikkim
  const lead = `Trip Journey ${tag}`;
  const created = await request.post('/api/bookings', {
    data: { type: 'package', itemId: northSikkim.id, name: lead, email: `trip-${tag.toLowerCase()}@example.com`, phone: '98320 45678', startDate, adults: 2 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // Staff quote the tour and send the advance request; its WhatsApp text carries the traveller's link.
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signIn(staff, { redirectTo: `/admin/bookings/${id}` });
  const money = staff.locator('[data-money-panel]');
  await money.getByLabel('Line 1 quantity').fill('2');
  await money.getByLabel('Line 1 unit price in rupees').fill('18,500');
  await money.getByLabel('Advance (₹)').fill('10,000');
  await money.getByRole('button', { name: 'Save quote' }).click();
  await expectFlash(staff, 'Quote saved');
  await money.getByRole('button', { name: /^Send payment request: advance/ }).click();
  const whatsapp = money.locator('[data-payment-request-sent]').getByRole('link', { name: /Send on WhatsApp/ });
  const link = /https?:\/\/\S+\/booking\/[A-Za-z0-9_-]{43}/.exec(new URL((await whatsapp.getAttribute('href'))!).searchParams.get('text')!)![0];

  // The traveller pays the advance, which confirms the booking.
  await page.goto(link);
  await page.getByRole('button', { name: 'Pay advance ₹10,000.00' }).click();
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${FAKE_RAZORPAY_PORT}/`));
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/booking\/[A-Za-z0-9_-]{43}\?payment=received$/);
  await expect(page.getByRole('heading', { name: 'Confirmed' })).toBeVisible();

  // On their page they add both travellers and upload a photo and an ID scan for each.
  const section = page.getByRole('region', { name: 'Travellers and permit documents' });
  await expect(section.getByTestId('permit-status')).toHaveText('Documents missing');
  const travellers = [
    { name: `Pema Lepcha ${letters}`, gender: 'female', dob: '1991-03-14', nationality: 'IN', idLabel: 'Voter ID', idNumber: 'SKM1234567' },
    { name: `Karma Bhutia ${letters}`, gender: 'male', dob: '1988-11-02', nationality: 'IN', idLabel: 'Driving Licence', idNumber: 'SK0120150001234' },
  ];
  for (const [index, traveller] of travellers.entries()) {
    if (index > 0) await page.getByText('Add a traveller', { exact: true }).click(); // opens the <details>
    const form = page.getByRole('form', { name: 'Add a traveller' });
    await form.getByLabel('Full name as on the ID').fill(traveller.name);
    await form.getByLabel('Gender').selectOption(traveller.gender);
    await form.getByLabel('Date of birth').fill(traveller.dob);
    await form.getByLabel('Nationality').fill(traveller.nationality);
    await form.getByLabel('ID document').selectOption({ label: traveller.idLabel });
    await form.getByLabel('ID number', { exact: true }).fill(traveller.idNumber);
    await form.getByRole('button', { name: 'Add traveller' }).click();
    await expect(page.getByRole('listitem', { name: `Traveller ${index + 1}: ${traveller.name}` })).toBeVisible();
    for (const [formName, button] of [
      [`Passport-size photo of ${traveller.name}`, 'Upload photo'],
      [`ID scan of ${traveller.name}`, 'Upload ID scan'],
    ] as const) {
      const upload = page.getByRole('form', { name: formName });
      await upload.locator('input[type="file"]').setInputFiles(await photo(`${formName}.jpg`));
      await upload.getByRole('button', { name: button }).click();
      await expect(page.getByRole('status')).toHaveText(/uploaded$/);
    }
  }
  await expect(page.getByTestId('permit-status')).toHaveText('Documents complete');

  // Staff download the North Sikkim manifest of the first permit day: both travellers, and their documents.
  await staff.goto(`/admin/manifest?date=${permitDay}&permit=north-sikkim-pap`);
  for (const traveller of travellers) await expect(staff.getByRole('row').filter({ hasText: traveller.name })).toBeVisible();
  const csv = await downloaded(staff, () => staff.getByRole('link', { name: 'Download CSV' }).click());
  const csvText = csv.bytes.toString('utf8');
  for (const traveller of travellers) {
    expect(csvText).toContain(traveller.name);
    expect(csvText).toContain(traveller.idNumber);
  }
  const reference = new RegExp(`([A-Z0-9]{6}),[^\\n]*${travellers[0]!.name}`).exec(csvText)?.[1];
  expect(reference, 'the booking reference in the CSV').toBeTruthy();
  const zip = await downloaded(staff, () => staff.getByRole('link', { name: /Download documents|ZIP/ }).click());
  const files = unzipSync(new Uint8Array(zip.bytes));
  for (const n of [1, 2]) {
    for (const kind of ['photo', 'id']) {
      const file = files[`${reference}-${n}-${kind}.jpg`];
      expect(file, `${reference}-${n}-${kind}.jpg in the ZIP`).toBeTruthy();
      expect(file!.length).toBeGreaterThanOrEqual(10 * 1024);
      expect(file!.length).toBeLessThanOrEqual(100 * 1024);
      expect([file![0], file![1]]).toEqual([0xff, 0xd8]);
    }
  }

  // Staff add a driver and give the trip the driver and a car of the fleet.
  const driverName = `Tashi Journey ${tag}`;
  await staff.goto('/admin/drivers/new');
  await staff.getByLabel('Name').fill(driverName);
  await staff.getByLabel('Phone').fill('+91 98320 77889');
  await staff.getByLabel('Licence number').fill(`SK01 2019${tag.slice(0, 6)}`);
  await staff.getByLabel('Licence valid until').fill(inDays(2000));
  await staff.getByRole('button', { name: 'Add Driver' }).click();
  await expect(staff).toHaveURL(/\/admin\/drivers$/);
  await staff.goto(`/admin/bookings/${id}`);
  const trip = staff.getByRole('region', { name: 'Driver and vehicle' });
  await trip.getByLabel('Driver').selectOption({ label: driverName });
  const car = trip.getByLabel('Vehicle');
  const carLabel = (await car.locator('option').nth(1).textContent())!.trim();
  await car.selectOption({ index: 1 });
  await trip.getByLabel('From').fill(startDate);
  await trip.getByLabel('To').fill(inDays(first + 4));
  await trip.getByLabel('Pickup time').fill('07:30');
  await trip.getByLabel('Pickup place').fill(`Hotel Mayfair, Gangtok ${tag}`);
  await trip.getByRole('button', { name: 'Save' }).click();
  await expect(staff.locator('[data-flash="success"]')).toBeVisible();
  await expect(trip).toContainText(driverName);

  // The duty sheet of the first day lists the pickup under the driver.
  await staff.goto(`/admin/duty?date=${startDate}`);
  const duty = staff.getByRole('region', { name: new RegExp(driverName) });
  await expect(duty).toContainText('07:30');
  await expect(duty).toContainText(lead);
  await expect(duty).toContainText(`Hotel Mayfair, Gangtok ${tag}`);

  // The voucher: travellers, the itinerary's permit days, the driver and car, the permit's status.
  await staff.goto(`/admin/bookings/${id}`);
  const voucherHref = await staff.getByRole('link', { name: 'Travel voucher (PDF)' }).getAttribute('href');
  const voucher = await staff.request.get(voucherHref!);
  expect(voucher.status()).toBe(200);
  expect(voucher.headers()['content-type']).toBe('application/pdf');
  const text = (await pdfText(await voucher.body())).join('\n');
  for (const expected of [
    reference!,
    ...travellers.map((t) => t.name),
    'Gangtok to Lachung',
    driverName,
    carLabel.split(' · ')[0]!,
    'Documents complete',
    '24/7',
  ]) {
    expect(text, expected).toContain(expected);
  }

  // The traveller's own copy from their page.
  await page.goto(link);
  const travellerVoucher = await page.request.get(
    new URL((await page.getByRole('link', { name: 'Download your voucher (PDF)' }).getAttribute('href'))!, link).toString(),
  );
  expect(travellerVoucher.status()).toBe(200);
  expect((await pdfText(await travellerVoucher.body())).join('\n')).toContain(travellers[1]!.name);
  await context.close();
});
