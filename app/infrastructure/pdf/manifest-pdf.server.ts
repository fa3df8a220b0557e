/**
 * The printable permit manifest (docs/decisions/050-permits-and-manifests.md#the-manifest): an A4
 * landscape table of the travellers of a day and a permit area, with the operator's name, the
 * permit, the day and "Page n of m". pdfkit with Inter embedded as a subset, the fonts loaded once
 * as for every PDF of the app (app/infrastructure/pdf/pdf-document.server.ts), so names in any
 * Latin script print and can be searched.
 */
import type { Manifest } from '~/models/manifest.server';
import { openPdf, TEXT_FEATURES } from './pdf-document.server';

const MARGIN = 32;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';
const SIZE = 8.5;
const PAD = 3;

type Column = { header: string; width: number; value: (row: Manifest['rows'][number]) => string };

/** The table's columns; widths are shares of the page width. */
const COLUMNS: Column[] = [
  { header: 'Booking', width: 0.08, value: (r) => r.reference },
  { header: 'No.', width: 0.04, value: (r) => (r.position === null ? '' : String(r.position)) },
  { header: 'Name (as on the ID)', width: 0.19, value: (r) => r.fullName },
  { header: 'Gender', width: 0.06, value: (r) => r.gender },
  { header: 'Date of birth (age)', width: 0.11, value: (r) => (r.dateOfBirth ? `${r.dateOfBirth} (${r.age})` : '') },
  { header: 'Nationality', width: 0.07, value: (r) => r.nationality },
  { header: 'ID / passport and visa', width: 0.23, value: (r) => r.identity },
  { header: 'Phone', width: 0.12, value: (r) => r.phone },
  { header: 'Documents', width: 0.1, value: (r) => r.documents },
];

/**
 * Render the manifest as PDF bytes. `operator` is printed in the header (the company's name), `label`
 * is the day as people read it ('Thu, Apr 15, 2027'). Deterministic for given input and `createdAt`.
 */
export async function renderManifestPdf(
  manifest: Manifest,
  { operator, label, createdAt }: { operator: string; label: string; createdAt: Date },
): Promise<Uint8Array> {
  const permitName = manifest.permit?.name ?? 'Unknown permit';
  const { pdf, finish } = openPdf(
    { title: `Manifest: ${permitName}, ${manifest.date}`, author: operator, subject: 'Traveller manifest', creationDate: createdAt },
    { layout: 'landscape', margin: MARGIN },
  );

  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const bottom = () => pdf.page.height - MARGIN - 18;
  const widths = COLUMNS.map((c) => c.width * width);
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string } = {}) => {
    const { font = 'regular', size = SIZE, color = INK, ...rest } = options;
    pdf
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(value, x, y, { lineGap: 1, features: TEXT_FEATURES, ...rest });
    return pdf.y;
  };
  const rowHeight = (cells: string[], font: string) =>
    Math.max(
      ...cells.map((c, i) =>
        pdf
          .font(font)
          .fontSize(SIZE)
          .heightOfString(c || ' ', { width: widths[i]! - 2 * PAD, lineGap: 1 }),
      ),
    ) +
    2 * PAD;
  const drawRow = (cells: string[], y: number, font: string) => {
    const h = rowHeight(cells, font);
    let x = left;
    cells.forEach((c, i) => {
      text(c, x + PAD, y + PAD, { font, width: widths[i]! - 2 * PAD });
      x += widths[i]!;
    });
    pdf
      .moveTo(left, y + h)
      .lineTo(left + width, y + h)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    return y + h;
  };
  const header = () =>
    drawRow(
      COLUMNS.map((c) => c.header),
      pdf.y,
      'bold',
    );

  let y = text(operator, left, MARGIN, { font: 'bold', size: 13 });
  y = text(`Traveller manifest: ${permitName}`, left, y + 2, { font: 'bold', size: 11 });
  y = text(
    `${label} · ${manifest.rows.filter((r) => r.position !== null).length} travellers from ${manifest.bookings} confirmed ${manifest.bookings === 1 ? 'booking' : 'bookings'}`,
    left,
    y + 2,
    { color: MUTED },
  );
  pdf.y = y + 10;
  y = header();
  if (manifest.rows.length === 0) text('No confirmed booking is in this permit area on this day.', left, y + 8, { color: MUTED });
  for (const row of manifest.rows) {
    const cells = COLUMNS.map((c) => c.value(row));
    if (y + rowHeight(cells, 'regular') > bottom()) {
      pdf.addPage();
      pdf.y = MARGIN;
      y = header();
    }
    y = drawRow(cells, y, 'regular');
  }

  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    const footer = `${permitName} · ${manifest.date} · Page ${i + 1} of ${range.count}`;
    // Writing below the bottom margin must not open a new page.
    const saved = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    text(footer, left, pdf.page.height - MARGIN, { size: 7.5, color: MUTED, width, align: 'right' });
    pdf.page.margins.bottom = saved;
  }
  return finish();
}
