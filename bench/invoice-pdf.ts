// Time and size of one tax invoice PDF (docs/decisions/047-invoices-gst.md, "The PDF"): renders N
// invoices through renderTaxDocumentPdf in this process (as the server does) and prints the first
// render (fonts parsed), then per PDF the mean, median and p95 in ms and the mean size in KB. A third
// of the invoices have 12 lines, the rest 3, each with a different number and recipient.
//
//   npx tsx bench/invoice-pdf.ts             # N=200
//   N=1000 npx tsx bench/invoice-pdf.ts
import { renderTaxDocumentPdf, type TaxDocumentView } from '../app/infrastructure/pdf/tax-document-pdf.server';

const N = Number(process.env.N ?? 200);

function invoice(i: number): TaxDocumentView {
  const lines = Array.from({ length: i % 3 === 0 ? 12 : 3 }, (_, n) => ({
    description: `Day ${n + 1}: North Sikkim tour package, Lachung and Yumthang, twin sharing (includes accommodation and transport)`,
    sac: '998555',
    quantity: String(1 + (n % 3)),
    taxableValue: '10,000.00',
    rateLabel: '5 %',
    igst: '500.00',
    total: '10,500.00',
  }));
  return {
    kind: 'invoice',
    title: 'Tax Invoice',
    number: `HT/26-27/${String(i + 1).padStart(4, '0')}`,
    date: '28 Nov 2026',
    issuedAt: new Date(Date.UTC(2026, 10, 28, 6, 0, i)),
    supplier: {
      legalName: 'Himalayan Tours Private Limited',
      addressLines: ['Tibet Road, MG Marg', 'Gangtok, Sikkim 737101'],
      gstin: '11AAACH1234L1Z5',
      stateName: 'Sikkim',
      stateCode: '11',
    },
    recipient: { name: `Traveller ${i + 1}`, addressLines: ['12 Park Street', 'Kolkata, West Bengal 700016'] },
    placeOfSupply: { stateName: 'West Bengal', stateCode: '19' },
    reverseCharge: false,
    bookingReference: `BK-${(1000 + i).toString(36).toUpperCase()}`,
    lines,
    totals: { taxable: '₹1,20,000.00', igst: '₹6,000.00', grandTotal: '₹1,26,000.00' },
    amountInWords: 'Rupees One Lakh Twenty-Six Thousand only',
    notes: ['Tax at 5 % without input tax credit. The price includes accommodation and transport.'],
    signature: { forLine: 'For Himalayan Tours Private Limited', signatoryLabel: 'Authorised signatory' },
  };
}

let start = performance.now();
const first = await renderTaxDocumentPdf(invoice(0));
const firstMs = performance.now() - start;
const times: number[] = [];
let bytes = 0;
for (let i = 1; i <= N; i += 1) {
  start = performance.now();
  const pdf = await renderTaxDocumentPdf(invoice(i));
  times.push(performance.now() - start);
  bytes += pdf.byteLength;
}
const sorted = [...times].sort((a, b) => a - b);
const mean = times.reduce((sum, t) => sum + t, 0) / N;
const p95 = sorted[Math.min(N - 1, Math.ceil(0.95 * N) - 1)]!;
console.log(`first PDF (fonts parsed): ${firstMs.toFixed(0)} ms, ${(first.byteLength / 1024).toFixed(1)} KB`);
console.log(
  `${N} invoices: mean ${mean.toFixed(1)} ms, median ${sorted[Math.floor(N / 2)]!.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms per PDF; mean size ${(bytes / N / 1024).toFixed(1)} KB`,
);
