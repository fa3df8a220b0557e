// Time and size of one travel voucher PDF (docs/decisions/051-voucher.md): renders N vouchers through
// renderVoucherPdf in this process (as the server does) and prints the first render (fonts parsed),
// then per PDF the mean, median and p95 in ms and the mean size in KB. Each voucher is a 7-day North
// Sikkim tour for 4 travellers with 3 hotels, 2 driver assignments and a permit; a third of them
// have 14 days (two pages). OUT=/tmp/voucher.pdf also writes the first one, to look at.
//
//   npx tsx bench/voucher-pdf.ts             # N=200
//   N=1000 npx tsx bench/voucher-pdf.ts
import { writeFileSync } from 'node:fs';
import { renderVoucherPdf, type VoucherView } from '../app/infrastructure/pdf/voucher-pdf.server';

const N = Number(process.env.N ?? 200);
const WEEKDAYS = ['Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed'];

function voucher(i: number): VoucherView {
  const days = i % 3 === 0 ? 14 : 7;
  return {
    reference: (0x100000 + i).toString(16).toUpperCase(),
    issuedAt: new Date(Date.UTC(2026, 11, 6, 6, 0, i)),
    issuedOn: 'Dec 6, 2026, 11:30 AM IST',
    company: {
      name: 'Himalayan Tours & Travels',
      addressLines: ['Tibet Road, near MG Marg, Gangtok, Sikkim 737101, India'],
      contactLines: ['Phone +91 98320 55555', 'WhatsApp +91 98320 55555', 'hello@example.com'],
    },
    helpline: '24/7 helpline: +91 98320 55555',
    booking: [
      { label: 'Booking', value: `#${(0x100000 + i).toString(16).toUpperCase()} (confirmed)` },
      { label: 'Lead traveller', value: `Traveller ${i + 1}` },
      { label: 'Tour', value: 'North Sikkim: Lachung, Yumthang and Gurudongmar' },
      { label: 'Travel dates', value: `Apr 1 – Apr ${days}, 2027` },
      { label: 'Party', value: '3 adults, 1 child' },
    ],
    travellers: {
      rows: ['Asha Rai', 'Pema Lhamu', 'Jean Dupont', 'Karma Bhutia'].map((name, n) => ({
        name: `${n + 1}. ${name}`,
        details: n === 2 ? 'Male · born Jul 1, 1985 (age 41 at travel) · Foreign national (France)' : 'Female · born Mar 12, 1990 (age 37 at travel) · Indian',
        documents: n === 2 ? ['Photo: missing', 'Passport and visa: missing'] : ['Photo: received', 'ID (Voter ID): received'],
      })),
    },
    itinerary: Array.from({ length: days }, (_, d) => ({
      heading: `Day ${d + 1} · ${WEEKDAYS[d % 7]}, Apr ${d + 1}, 2027`,
      title: d % 2 ? 'Yumthang Valley and Zero Point' : 'Gangtok to Lachung',
      description:
        'Drive north along the Teesta past Seven Sisters waterfall and the Naga falls to Lachung, a village of wooden houses between the peaks; evening at leisure.',
      mealsAndStay: 'Meals: Breakfast, Dinner · Stay: Lachung',
    })),
    hotels: [
      'Gangtok: Hotel Mayfair, 2 nights, Deluxe, 2 rooms',
      'Lachung: Hotel Snow Lion, 2 nights, Standard, 2 rooms',
      'Lachen: Apple Orchard, 1 night, Standard, 2 rooms',
    ],
    transport: {
      assignments: [
        {
          heading: 'Apr 1 – Apr 4, 2027',
          facts: [
            { label: 'Pickup', value: '07:30 at Hotel Mayfair, Gangtok' },
            { label: 'Driver', value: 'Tashi Bhutia, +91 94340 12345' },
            { label: 'Vehicle', value: 'Toyota Innova Crysta, number plate SK 01 P 1234' },
          ],
        },
        {
          heading: `Apr 5 – Apr ${days}, 2027`,
          facts: [
            { label: 'Pickup', value: '08:00 at Hotel Snow Lion, Lachung' },
            { label: 'Driver and vehicle', value: 'Shown from 18:00 IST on Apr 4, 2027: download this voucher again then, or open your booking page.' },
          ],
        },
      ],
      note: null,
    },
    permits: {
      facts: [
        { label: 'Permits needed', value: 'North Sikkim PAP (Lachung, Lachen, Gurudongmar, Yumthang); RAP / PAP for foreign nationals' },
        { label: 'Status', value: 'Documents missing' },
        { label: 'Documents due by', value: 'Mar 22, 2027' },
        {
          label: 'Each traveller gives',
          value: 'A passport-size photo; Indian nationals an ID (Voter ID, Passport, Driving Licence); foreign nationals their passport and visa.',
        },
      ],
      note: '1 of 4 travellers have documents missing: please upload them on your booking page.',
    },
    money: {
      facts: [
        { label: 'Total price', value: '₹1,20,000.00' },
        { label: 'Paid', value: '₹40,000.00' },
        { label: 'Still due', value: '₹80,000.00' },
        { label: 'Next payment', value: 'Balance ₹80,000.00, due by Mar 17, 2027' },
      ],
      note: null,
    },
    cancellation: ['Cancelled 15 or more days before travel: 25% refunded.', 'Cancelled within 15 days of travel: no refund.'],
  };
}

let start = performance.now();
const first = await renderVoucherPdf(voucher(0));
const firstMs = performance.now() - start;
if (process.env.OUT) writeFileSync(process.env.OUT, first);
const times: number[] = [];
let bytes = 0;
for (let i = 1; i <= N; i += 1) {
  start = performance.now();
  const pdf = await renderVoucherPdf(voucher(i));
  times.push(performance.now() - start);
  bytes += pdf.byteLength;
}
const sorted = [...times].sort((a, b) => a - b);
const mean = times.reduce((sum, t) => sum + t, 0) / N;
const p95 = sorted[Math.min(N - 1, Math.ceil(0.95 * N) - 1)]!;
console.log(`first PDF (fonts parsed): ${firstMs.toFixed(0)} ms, ${(first.byteLength / 1024).toFixed(1)} KB`);
console.log(
  `${N} vouchers: mean ${mean.toFixed(1)} ms, median ${sorted[Math.floor(N / 2)]!.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms per PDF; mean size ${(bytes / N / 1024).toFixed(1)} KB`,
);
