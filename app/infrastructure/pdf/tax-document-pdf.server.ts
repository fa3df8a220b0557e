/**
 * The PDF of a receipt, tax invoice or credit note (docs/decisions/047-invoices-gst.md, "The PDF"):
 * pdfkit on the server, Inter (static TTF from @expo-google-fonts/inter, OFL) embedded as a subset so
 * the rupee sign renders and every word can be copied and searched. This module only lays out text it
 * is given: amounts, dates, tax labels and words are formatted by the caller (app/lib/gst/).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf'),
};

let parsedFonts: Record<keyof typeof FONT_FILES, fontkit.Font> | undefined;

/**
 * The two faces, read and parsed once per process: parsing Inter's tables (kerning, contextual
 * alternates) was most of the time of a PDF when each document opened the files itself. pdfkit takes
 * a fontkit font and keeps its subset and layout cache per document, so sharing is safe; a render
 * runs synchronously from the first text to `end()`, so two renders never interleave on the font.
 * Also used by the permit manifest's PDF (app/infrastructure/pdf/manifest-pdf.server.ts).
 */
export function fonts(): Record<keyof typeof FONT_FILES, fontkit.Font> {
  const open = (file: string) => {
    const font = fontkit.create(readFileSync(file));
    if (!('layout' in font) || !font.hasGlyphForCodePoint(0x20b9)) throw new Error(`${file}: not a single font with the rupee sign`);
    return font;
  };
  parsedFonts ??= { regular: open(FONT_FILES.regular), bold: open(FONT_FILES.bold) };
  return parsedFonts;
}

/** The operator issuing the document (tax settings); every string is printed as given. */
export type TaxDocumentSupplier = {
  legalName: string;
  /** Postal address, one printed line each (street, town, "Sikkim 737101", ...). */
  addressLines: readonly string[];
  /** Printed "GSTIN: …"; absent for an unregistered operator (receipts only). */
  gstin?: string;
  /** Printed "State: Sikkim (11)". */
  stateName: string;
  stateCode: string;
};

/** The traveller (or company) the document is addressed to. */
export type TaxDocumentRecipient = {
  name: string;
  addressLines: readonly string[];
  /** Printed "GSTIN: …" when the traveller gave one. */
  gstin?: string;
};

/**
 * One row of the table. Every value is display text ("10,000.00", "2.5 % + 2.5 %"); a tax left out, or
 * '', shows as blank, and a column blank on every line is not drawn.
 */
export type TaxDocumentLine = {
  description: string;
  sac: string;
  quantity: string;
  taxableValue: string;
  rateLabel: string;
  cgst?: string;
  sgst?: string;
  igst?: string;
  total: string;
};

/**
 * Everything a receipt, tax invoice or credit note shows, already formatted (a view model: no paise,
 * no Date arithmetic here). The Rule 46 fields (CGST Rules) are: supplier name, address and GSTIN;
 * number and date; recipient name and address (GSTIN if registered); per line SAC, description,
 * quantity, taxable value, rate and amount of each tax; place of supply with state name and code;
 * reverse charge; total in figures and words; signature.
 */
export type TaxDocumentView = {
  kind: 'receipt' | 'invoice' | 'credit_note';
  /** "Tax Invoice", "Receipt", "Credit Note". */
  title: string;
  /** The series number, e.g. "HT/26-27/0042" (at most 16 characters, Rule 46). */
  number: string;
  /** The date as printed, e.g. "28 Nov 2026". */
  date: string;
  /** The moment of issue; written as the PDF's creation date, so the same document gives the same bytes. */
  issuedAt: Date;
  supplier: TaxDocumentSupplier;
  recipient: TaxDocumentRecipient;
  /** Absent on a receipt of an unregistered supplier. Printed "Place of supply: West Bengal (19)". */
  placeOfSupply?: { stateName: string; stateCode: string };
  /** Whether tax is payable on reverse charge; printed "Yes"/"No" when given (invoices, credit notes). */
  reverseCharge?: boolean;
  /** The invoice a credit note corrects. */
  originalInvoice?: { number: string; date: string };
  bookingReference: string;
  lines: readonly TaxDocumentLine[];
  /** Figures as printed, with the rupee sign where wanted: "₹10,500.00". Taxes absent are not printed. */
  totals: { taxable?: string; cgst?: string; sgst?: string; igst?: string; grandTotal: string };
  /** "Rupees Ten Thousand Five Hundred only". */
  amountInWords: string;
  /** Printed under the totals, one paragraph each ("Tax at 5 % without input tax credit", ...). */
  notes: readonly string[];
  /** "For <legal name>" and "Authorised signatory". */
  signature: { forLine: string; signatoryLabel: string };
};

type Column = { title: string; width: number; align: 'left' | 'right'; value: (line: TaxDocumentLine, index: number) => string };

const MARGIN = 40;
const FOOTER_SPACE = 36;
const TABLE_SIZE = 8.5;
const CELL_PAD = 4;
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const RULE = '#c9d1d9';
/**
 * OpenType features, as fontkit takes them (pdfkit passes them through; its types say tags only):
 * Inter's contextual alternates cost about a third of the render time and change nothing an invoice
 * shows; amounts use tabular figures so that columns of figures line up.
 */
const TEXT_FEATURES = { calt: false } as unknown as PDFKit.Mixins.TextOptions['features'];
const FIGURES = { calt: false, tnum: true } as unknown as PDFKit.Mixins.TextOptions['features'];

/**
 * The table's columns, each as wide as its widest cell (figures never wrap) or the widest word of its
 * title; the description takes the rest and wraps. A column whose cells are all empty (a tax not
 * charged, a receipt's taxable value and rate) is left out.
 */
function columnsFor(pdf: PDFKit.PDFDocument, doc: TaxDocumentView, contentWidth: number): Column[] {
  const candidates: Omit<Column, 'width'>[] = [
    { title: '#', align: 'left', value: (_l, i) => String(i + 1) },
    { title: 'Description', align: 'left', value: (l) => l.description },
    { title: 'SAC', align: 'left', value: (l) => l.sac },
    { title: 'Qty', align: 'right', value: (l) => l.quantity },
    { title: 'Taxable value', align: 'right', value: (l) => l.taxableValue },
    { title: 'Rate', align: 'right', value: (l) => l.rateLabel },
    { title: 'CGST', align: 'right', value: (l) => l.cgst ?? '' },
    { title: 'SGST', align: 'right', value: (l) => l.sgst ?? '' },
    { title: 'IGST', align: 'right', value: (l) => l.igst ?? '' },
    { title: 'Total', align: 'right', value: (l) => l.total },
  ];
  const shown = candidates.filter((column) => column.title === 'Description' || doc.lines.some((line, index) => column.value(line, index) !== ''));
  const widest = (font: string, values: string[]) =>
    Math.max(...values.map((value) => pdf.font(font).fontSize(TABLE_SIZE).widthOfString(value, { features: FIGURES })));
  const columns = shown.map((column) => ({
    ...column,
    width:
      column.title === 'Description'
        ? 0
        : Math.ceil(Math.max(widest('bold', column.title.split(' ')), widest('regular', doc.lines.map(column.value))) + 2 * CELL_PAD + 1),
  }));
  const description = columns[1]!;
  description.width = contentWidth - columns.reduce((sum, column) => sum + column.width, 0);
  return columns;
}

/**
 * Render `doc` as an A4 PDF and return its bytes.
 *
 * Layout: supplier and document header, recipient and place of supply, the lines' table (amounts right
 * aligned, long descriptions wrapped, continued on further pages with the table header and the
 * document number repeated), totals, amount in words, notes, signature, "Page n of m" on each page.
 * Fonts come from node_modules (no network). Deterministic for a given view (creation date = `issuedAt`).
 * Throws only if pdfkit or the font files fail (a broken install), never for the view's content.
 */
export async function renderTaxDocumentPdf(doc: TaxDocumentView): Promise<Uint8Array> {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    // No default font: pdfkit would otherwise load Helvetica's metrics for nothing.
    font: null as unknown as undefined,
    bufferPages: true,
    lang: 'en-IN',
    displayTitle: true,
    info: { Title: `${doc.title} ${doc.number}`, Author: doc.supplier.legalName, Subject: `Booking ${doc.bookingReference}`, CreationDate: doc.issuedAt },
  });
  const faces = fonts();
  // pdfkit accepts a fontkit font where its types say file or bytes (PDFFontFactory.open).
  pdf.registerFont('regular', faces.regular as unknown as Buffer);
  pdf.registerFont('bold', faces.bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const bottom = () => pdf.page.height - MARGIN - FOOTER_SPACE;
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string } = {}) => {
    const { font = 'regular', size = 9, color = INK, ...rest } = options;
    pdf
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(value, x, y, { lineGap: 1.5, features: TEXT_FEATURES, ...rest });
    return pdf.y;
  };
  const continueOnNewPage = () => {
    pdf.addPage();
    return text(`${doc.title} ${doc.number} (continued)`, left, MARGIN, { font: 'bold', size: 10 }) + 8;
  };
  const rule = (y: number, color = RULE) =>
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.6)
      .strokeColor(color)
      .stroke();

  // Header: the supplier on the left, the document on the right.
  const half = width / 2;
  let y = text(doc.supplier.legalName, left, MARGIN, { font: 'bold', size: 13, width: half });
  y = text([...doc.supplier.addressLines].join('\n'), left, y + 2, { width: half, color: MUTED });
  if (doc.supplier.gstin) y = text(`GSTIN: ${doc.supplier.gstin}`, left, y + 2, { width: half });
  y = text(`State: ${doc.supplier.stateName} (${doc.supplier.stateCode})`, left, y, { width: half });
  let ry = text(doc.title, left + half, MARGIN, { font: 'bold', size: 18, width: half, align: 'right' });
  const facts = [`No. ${doc.number}`, `Date: ${doc.date}`, `Booking: ${doc.bookingReference}`];
  if (doc.originalInvoice) facts.push(`Against invoice ${doc.originalInvoice.number} of ${doc.originalInvoice.date}`);
  ry = text(facts.join('\n'), left + half, ry + 4, { width: half, align: 'right' });
  y = Math.max(y, ry) + 10;
  rule(y);

  // Recipient and place of supply.
  y += 8;
  let by = text(doc.kind === 'receipt' ? 'Received from' : 'Billed to', left, y, { size: 7.5, color: MUTED, characterSpacing: 0.4 });
  by = text(doc.recipient.name, left, by + 1, { font: 'bold', size: 10, width: half });
  by = text([...doc.recipient.addressLines, ...(doc.recipient.gstin ? [`GSTIN: ${doc.recipient.gstin}`] : [])].join('\n'), left, by + 1, { width: half });
  const supplyFacts: string[] = [];
  if (doc.placeOfSupply) supplyFacts.push(`Place of supply: ${doc.placeOfSupply.stateName} (${doc.placeOfSupply.stateCode})`);
  if (doc.reverseCharge !== undefined) supplyFacts.push(`Tax payable on reverse charge: ${doc.reverseCharge ? 'Yes' : 'No'}`);
  const sy = supplyFacts.length ? text(supplyFacts.join('\n'), left + half, y + 10, { width: half, align: 'right' }) : y;
  y = Math.max(by, sy) + 12;

  // The table: the header row, then each line; a line that does not fit starts a new page.
  const columns = columnsFor(pdf, doc, width);
  const cell = (value: string, column: Column, x: number, rowY: number, font: string) =>
    text(value, x + CELL_PAD, rowY, { font, size: TABLE_SIZE, width: column.width - 2 * CELL_PAD, align: column.align, features: FIGURES });
  const tableHeader = (top: number) => {
    pdf.font('bold').fontSize(TABLE_SIZE);
    const height =
      Math.max(...columns.map((c) => pdf.heightOfString(c.title, { width: c.width - 2 * CELL_PAD, lineGap: 1.5, features: FIGURES }))) + 2 * CELL_PAD;
    pdf.rect(left, top, width, height).fill('#eef2f6');
    let x = left;
    for (const column of columns) {
      cell(column.title, column, x, top + CELL_PAD, 'bold');
      x += column.width;
    }
    return top + height;
  };
  y = tableHeader(y);
  doc.lines.forEach((line, index) => {
    pdf.font('regular').fontSize(TABLE_SIZE);
    const height =
      Math.max(...columns.map((c) => pdf.heightOfString(c.value(line, index) || ' ', { width: c.width - 2 * CELL_PAD, lineGap: 1.5, features: FIGURES }))) +
      2 * CELL_PAD;
    if (y + height > bottom()) y = tableHeader(continueOnNewPage());
    let x = left;
    for (const column of columns) {
      cell(column.value(line, index), column, x, y + CELL_PAD, 'regular');
      x += column.width;
    }
    y += height;
    rule(y);
  });

  // Totals, words, notes and signature: kept together, on a new page if they do not fit.
  const totals: [string, string][] = [];
  if (doc.totals.taxable) totals.push(['Taxable value', doc.totals.taxable]);
  if (doc.totals.cgst) totals.push(['CGST', doc.totals.cgst]);
  if (doc.totals.sgst) totals.push(['SGST', doc.totals.sgst]);
  if (doc.totals.igst) totals.push(['IGST', doc.totals.igst]);
  pdf.font('regular').fontSize(9);
  const notesHeight = doc.notes.reduce((sum, note) => sum + pdf.heightOfString(note, { width, lineGap: 1.5, features: TEXT_FEATURES }) + 2, 0);
  const closingHeight = totals.length * 14 + 30 + pdf.heightOfString(doc.amountInWords, { width, lineGap: 1.5, features: TEXT_FEATURES }) + notesHeight + 90;
  if (y + closingHeight > bottom()) y = continueOnNewPage();
  y += 8;
  const labelX = left + width - 230;
  for (const [label, value] of totals) {
    text(label, labelX, y, { width: 120, color: MUTED });
    y = text(value, labelX + 120, y, { width: 110, align: 'right', features: FIGURES }) + 2;
  }
  pdf
    .moveTo(labelX, y)
    .lineTo(left + width, y)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  text('Total', labelX, y + 4, { font: 'bold', size: 11, width: 120 });
  y = text(doc.totals.grandTotal, labelX + 120, y + 4, { font: 'bold', size: 11, width: 110, align: 'right', features: FIGURES }) + 10;
  y = text(doc.amountInWords, left, y, { font: 'bold', width }) + 8;
  for (const note of doc.notes) y = text(note, left, y, { width, color: MUTED }) + 2;
  y += 28;
  text(doc.signature.forLine, left + half, y, { width: half, align: 'right' });
  pdf
    .moveTo(left + width - 160, y + 44)
    .lineTo(left + width, y + 44)
    .lineWidth(0.6)
    .strokeColor(MUTED)
    .stroke();
  text(doc.signature.signatoryLabel, left + half, y + 48, { width: half, align: 'right', color: MUTED });

  // "Page n of m" below the bottom margin (pdfkit would start a new page for text past it, so lift it).
  const { start, count } = pdf.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    pdf.switchToPage(page);
    pdf.page.margins.bottom = 0;
    rule(pdf.page.height - MARGIN - 14);
    text(`${doc.title} ${doc.number} · Page ${page - start + 1} of ${count}`, left, pdf.page.height - MARGIN - 8, {
      size: 7.5,
      color: MUTED,
      width,
      align: 'right',
    });
  }
  pdf.end();
  const bytes = await done;
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The PDF of a stored document (a row of `tax_documents`): its frozen snapshot is the view, with the
 * issue time as a Date again, so the same document always gives the same bytes
 * (docs/decisions/047-invoices-gst.md#numbered-documents).
 */
export function storedDocumentPdf(document: { snapshot: Record<string, unknown> & { issuedAt: string } }): Promise<Uint8Array> {
  const view = { ...(document.snapshot as unknown as TaxDocumentView), issuedAt: new Date(document.snapshot.issuedAt) };
  return renderTaxDocumentPdf(view);
}
