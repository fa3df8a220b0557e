/**
 * From quote to paid to tax invoice to credit note, and the month's summary following it, in the
 * browser (docs/decisions/047-invoices-gst.md): with a GSTIN in the tax settings, staff quote a tour
 * of ₹10,500; the traveller gives their state (West Bengal) on their booking page and pays online
 * through the local fake of Razorpay, which brings the receipt; staff issue the tax invoice (IGST
 * ₹500.00, place of supply West Bengal (19)); staff and the traveller download its PDF and read it;
 * part of the tour is cancelled with a refund by UPI, which issues the credit note against the
 * invoice; /admin/accounts' figures for West Bengal move by the invoice and then by the credit note.
 *
 * The GSTIN is put back as it was at the end, since the other admin specs run on the same server.
 * Every control is pressed as soon as it shows (the traveller's page has no script at all).
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { FAKE_RAZORPAY_PORT } from '../../playwright.config';
import { pdfText } from '../support/pdf-text';
import { expect, test } from './fixtures';
import { adminBearer, expectFlash, inDays, signIn, uniqueTag } from './admin-helpers';

/** A GSTIN registered in Sikkim (11) that passes the check character (docs/decisions/047-invoices-gst.md#gstin-validation). */
const SIKKIM_GSTIN = '11AAACI1681G1Z2';

/** This month in India, 'YYYY-MM' (the accounts' months are India's). */
function monthInIndia(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
}

/** The text of a downloaded PDF, all pages. */
async function downloadedText(download: Download): Promise<string> {
  const bytes = await readFile((await download.path())!);
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
  return (await pdfText(bytes)).join('\n');
}

/** Press a download link and read the PDF it gives. */
async function downloadPdf(page: Page, linkName: string | RegExp): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: linkName }).click()]);
  return { name: download.suggestedFilename(), text: await downloadedText(download) };
}

/**
 * West Bengal's net IGST this month, in paise, from the summary CSV of /admin/accounts (0 when the
 * month has no document supplied there). Read with the staff page's session.
 */
async function westBengalNetIgst(staff: Page): Promise<number> {
  const response = await staff.request.get(`/admin/accounts/summary.csv?month=${monthInIndia()}`);
  expect(response.status()).toBe(200);
  const [header, ...rows] = (await response.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
  const column = (name: string) => header!.indexOf(name);
  const row = rows.find((r) => r[column('Section')] === 'By place of supply: net' && r[column('Place of supply')] === 'West Bengal (19)');
  return row ? Math.round(Number(row[column('IGST (₹)')]) * 100) : 0;
}

async function setGstin(request: APIRequestContext, token: string, gstin: string): Promise<void> {
  const response = await request.patch('/api/settings', { headers: { Authorization: `Bearer ${token}` }, data: { tax: { gstin } } });
  expect(response.status(), await response.text()).toBe(200);
}

test('a tour goes from quote to paid to tax invoice, downloaded by traveller and staff, part credited, and the month follows', async ({
  page,
  browser,
  request,
}) => {
  const token = await adminBearer(request);
  const auth = { Authorization: `Bearer ${token}` };
  const settings = (await (await request.get('/api/settings', { headers: auth })).json()) as { tax: { gstin: string } };
  await setGstin(request, token, SIKKIM_GSTIN);
  try {
    const tag = uniqueTag();
    const name = `Invoice Journey ${tag}`;
    const created = await request.post('/api/bookings', {
      data: { type: 'package', itemId: 'custom', name, email: `gst-${tag.toLowerCase()}@example.com`, phone: '98320 12345', startDate: inDays(60), adults: 1 },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    // Staff quote ₹10,500, all of it in advance, and send the payment request.
    const context = await browser.newContext();
    const staff = await context.newPage();
    await signIn(staff, { redirectTo: `/admin/bookings/${id}` });
    const money = staff.locator('[data-money-panel]');
    await money.getByLabel('Line 1 quantity').fill('1');
    await money.getByLabel('Line 1 unit price in rupees').fill('10,500');
    await money.getByLabel('Advance (₹)').fill('10,500');
    await money.getByRole('button', { name: 'Save quote' }).click();
    await expectFlash(staff, 'Quote saved');
    const igstBefore = await westBengalNetIgst(staff);
    await money.getByRole('button', { name: /^Send payment request: advance/ }).click();
    const whatsapp = money.locator('[data-payment-request-sent]').getByRole('link', { name: /Send on WhatsApp/ });
    const link = /https?:\/\/\S+\/booking\/[A-Za-z0-9_-]{43}/.exec(new URL((await whatsapp.getAttribute('href'))!).searchParams.get('text')!)![0];

    // The traveller says where they live, for the invoice, then pays online.
    await page.goto(link);
    await page.getByLabel('State').selectOption({ label: 'West Bengal (19)' });
    await page.getByLabel('Address').fill('12 Park Street\nKolkata 700016');
    await page.getByRole('button', { name: 'Save invoice details' }).click();
    await expect(page.getByText('Invoice details saved.')).toBeVisible();
    await page.getByRole('button', { name: 'Pay advance ₹10,500.00' }).click();
    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${FAKE_RAZORPAY_PORT}/`));
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    await expect(page).toHaveURL(/\/booking\/[A-Za-z0-9_-]{43}\?payment=received$/);
    await expect(page.getByText('Fully paid: nothing more is due. Thank you!')).toBeVisible();
    const receiptLink = page.getByRole('link', { name: /^Download RCT\/\d{2}-\d{2}\/\d{4} \(PDF\)$/ });
    await expect(receiptLink).toBeVisible();

    // Staff issue the tax invoice: inter-state, so IGST alone.
    await staff.reload();
    await expect(staff.getByRole('heading', { name: 'Confirmed', exact: true })).toBeVisible();
    await money.getByRole('button', { name: 'Issue tax invoice' }).click();
    await expect(staff.locator('[data-flash="success"]')).toContainText(/Tax invoice INV\/\d{2}-\d{2}\/\d{4} issued/);
    const invoiceNumber = /INV\/\d{2}-\d{2}\/\d{4}/.exec((await staff.locator('[data-flash="success"]').textContent())!)![0];
    const staffCopy = await downloadPdf(staff, `Download ${invoiceNumber} (PDF)`);
    expect(staffCopy.name).toBe(`${invoiceNumber.replaceAll('/', '-')}.pdf`);
    for (const field of [
      'Tax Invoice',
      invoiceNumber,
      `GSTIN: ${SIKKIM_GSTIN}`,
      name,
      '12 Park Street',
      'Place of supply: West Bengal (19)',
      '998555',
      '10,000.00',
      'IGST',
      '500.00',
      '₹10,500.00',
      'Rupees Ten Thousand Five Hundred only',
      'Authorised signatory',
    ]) {
      expect(staffCopy.text, field).toContain(field);
    }
    expect(staffCopy.text).not.toContain('CGST');
    expect(await westBengalNetIgst(staff)).toBe(igstBefore + 500_00);

    // The traveller downloads the same invoice from their page.
    await page.goto(link);
    const travellerCopy = await downloadPdf(page, `Download ${invoiceNumber} (PDF)`);
    expect(travellerCopy.text).toContain(invoiceNumber);
    expect(travellerCopy.text).toContain('Place of supply: West Bengal (19)');

    // One part of the tour is called off: ₹2,100 goes back by UPI, without cancelling the booking.
    await staff.reload();
    const refund = staff.getByRole('region', { name: 'Cancel or refund' });
    await refund.getByLabel('Refund amount (₹)').fill('2,100');
    await refund.getByLabel('Reason').fill('Day trip to Tsomgo Lake called off');
    await refund.getByLabel('Refund by').selectOption('upi');
    await refund.getByLabel('Reference').fill(`UPI-${tag}`);
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(staff.locator('[data-flash="success"]')).toContainText('₹2,100.00');
    const creditRow = staff.locator('[data-documents] tr[data-document^="CN/"]');
    await expect(creditRow).toContainText(invoiceNumber);
    const creditNumber = (await creditRow.getAttribute('data-document'))!;
    const credit = await downloadPdf(staff, `Download ${creditNumber} (PDF)`);
    for (const field of ['Credit Note', creditNumber, invoiceNumber, 'Place of supply: West Bengal (19)', 'IGST', '100.00', '2,000.00', '₹2,100.00']) {
      expect(credit.text, field).toContain(field);
    }

    // The month's summary: West Bengal's IGST is the invoice's less the credit note's.
    expect(await westBengalNetIgst(staff)).toBe(igstBefore + 400_00);
    await staff.goto(`/admin/accounts?month=${monthInIndia()}&kind=credit_note`);
    await expect(staff.getByRole('row').filter({ hasText: creditNumber })).toContainText(name);

    // The traveller sees the credit note with their documents.
    await page.goto(link);
    await expect(page.getByRole('link', { name: `Download ${creditNumber} (PDF)` })).toBeVisible();
    await expect(page.getByText(`Reduces tax invoice ${invoiceNumber}`)).toBeVisible();
    await context.close();
  } finally {
    await setGstin(request, token, settings.tax.gstin);
  }
});
