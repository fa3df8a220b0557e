import { describe, expect, test } from 'vitest';
import { pdfText } from '../../../tests/support/pdf-text';
import { renderVoucherPdf, type VoucherView } from './voucher-pdf.server';

/** One string per document, whitespace collapsed: a wrapped line reads as one phrase. */
const flat = (pages: string[]) => pages.join('\n').replace(/\s+/g, ' ');

function voucher(days: number, overrides: Partial<VoucherView> = {}): VoucherView {
  return {
    reference: 'A1B2C3',
    issuedAt: new Date('2026-12-06T06:00:00Z'),
    issuedOn: 'Dec 6, 2026, 11:30 AM IST',
    company: { name: 'Himalayan Tours & Travels', addressLines: ['Tibet Road, Gangtok, Sikkim 737101'], contactLines: ['Phone +91 98320 55555'] },
    helpline: '24/7 helpline: +91 98320 55555',
    booking: [
      { label: 'Booking', value: '#A1B2C3 (confirmed)' },
      { label: 'Tour', value: 'North Sikkim' },
    ],
    travellers: { party: 'Travellers: 2 adults', request: "Please add each traveller's details on your booking page." },
    itinerary: Array.from({ length: days }, (_, d) => ({
      heading: `Day ${d + 1} · Apr ${d + 1}, 2027`,
      title: `Stage ${d + 1}`,
      description: 'Drive north along the Teesta past Seven Sisters waterfall to Lachung, a village of wooden houses between the peaks.',
      mealsAndStay: 'Meals: Breakfast, Dinner · Stay: Lachung',
    })),
    hotels: ['Lachung: Hotel Snow Lion, 2 nights, Deluxe, 1 room'],
    transport: {
      assignments: [
        {
          heading: 'Apr 1 – Apr 3, 2027',
          facts: [
            { label: 'Pickup', value: '07:30 at Hotel Mayfair' },
            { label: 'Driver', value: 'Tashi Bhutia, +91 94340 12345' },
          ],
        },
      ],
      note: null,
    },
    permits: { facts: [{ label: 'Status', value: 'Permit issued' }], note: null },
    money: { facts: [{ label: 'Paid', value: '₹30,000.00' }], note: 'Fully paid: nothing more is due. Thank you!' },
    cancellation: ['Cancelled 15 or more days before travel: 25% refunded.'],
    ...overrides,
  };
}

describe('renderVoucherPdf', () => {
  test('a short trip fits one page, every section as extractable text, the rupee sign included', async () => {
    const bytes = await renderVoucherPdf(voucher(3));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const pages = await pdfText(bytes);
    expect(pages).toHaveLength(1);
    const text = flat(pages);
    for (const expected of [
      'Travel voucher',
      'Booking #A1B2C3',
      '24/7 helpline: +91 98320 55555',
      'Travellers: 2 adults',
      'Day 3 · Apr 3, 2027: Stage 3',
      'Lachung: Hotel Snow Lion',
      'Pickup 07:30 at Hotel Mayfair',
      'Status Permit issued',
      'Paid ₹30,000.00',
      'Fully paid',
      'Cancelled 15 or more days before travel: 25% refunded.',
      'Voucher #A1B2C3 · Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  test('a long trip continues over pages without losing a day; sections left out are not drawn', async () => {
    const pages = await pdfText(await renderVoucherPdf(voucher(30, { transport: null, permits: null, hotels: [] })));
    expect(pages.length).toBeGreaterThan(2);
    const text = flat(pages);
    for (let day = 1; day <= 30; day += 1) expect(text).toContain(`Day ${day} · Apr ${day}, 2027: Stage ${day}`);
    expect(text).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(text).not.toContain('Pickup, driver and vehicle');
    expect(text).not.toContain('Permits');
    expect(text).not.toContain('Hotels');
  });

  test('the same view gives the same bytes', async () => {
    const a = await renderVoucherPdf(voucher(2));
    const b = await renderVoucherPdf(voucher(2));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
