/**
 * What every PDF of the app shares (docs/decisions/047-invoices-gst.md, "The PDF";
 * docs/decisions/051-voucher.md): pdfkit with Inter (static TTF from @expo-google-fonts/inter, OFL)
 * embedded as a subset so the rupee sign renders and every word can be copied and searched, the
 * house colours, an A4 page with 40 pt margins, a text helper and the "… · Page n of m" footer. The
 * tax documents (tax-document-pdf.server.ts), the traveller's voucher (voucher-pdf.server.ts) and the
 * permit manifest (manifest-pdf.server.ts) lay
 * out their own content on top of it.
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
 */
function fonts(): Record<keyof typeof FONT_FILES, fontkit.Font> {
  const open = (file: string) => {
    const font = fontkit.create(readFileSync(file));
    if (!('layout' in font) || !font.hasGlyphForCodePoint(0x20b9)) throw new Error(`${file}: not a single font with the rupee sign`);
    return font;
  };
  parsedFonts ??= { regular: open(FONT_FILES.regular), bold: open(FONT_FILES.bold) };
  return parsedFonts;
}

export const MARGIN = 40;
export const INK = '#1f2933';
export const MUTED = '#5f6b7a';
export const RULE = '#c9d1d9';
/**
 * OpenType features, as fontkit takes them (pdfkit passes them through; its types say tags only):
 * Inter's contextual alternates cost about a third of the render time and change nothing a document
 * shows; amounts use tabular figures so that columns of figures line up.
 */
export const TEXT_FEATURES = { calt: false } as unknown as PDFKit.Mixins.TextOptions['features'];
export const FIGURES = { calt: false, tnum: true } as unknown as PDFKit.Mixins.TextOptions['features'];

/** Options of `drawText`: pdfkit's, plus the face ('regular' or 'bold'), the size in pt and the colour. */
export type DrawTextOptions = PDFKit.Mixins.TextOptions & { font?: 'regular' | 'bold'; size?: number; color?: string };

/** An open A4 document with the fonts registered as 'regular' and 'bold', and `finish()` for its bytes. */
export type OpenPdf = { pdf: PDFKit.PDFDocument; finish: () => Promise<Uint8Array> };

/**
 * A new A4 document (portrait with 40 pt margins unless told otherwise; pages buffered, so footers
 * can be written last) whose metadata is `info`; the
 * creation date is part of it, so the same content and date give the same bytes. Call `finish()`
 * once the content is drawn: it ends the document and resolves with its bytes.
 */
export function openPdf(
  info: { title: string; author: string; subject: string; creationDate: Date },
  { layout = 'portrait', margin = MARGIN }: { layout?: 'portrait' | 'landscape'; margin?: number } = {},
): OpenPdf {
  const pdf = new PDFDocument({
    size: 'A4',
    layout,
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    // No default font: pdfkit would otherwise load Helvetica's metrics for nothing.
    font: null as unknown as undefined,
    bufferPages: true,
    lang: 'en-IN',
    displayTitle: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject, CreationDate: info.creationDate },
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
  return {
    pdf,
    finish: async () => {
      pdf.end();
      const bytes = await done;
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  };
}

/** Draw `value` at (`x`, `y`) in Inter (9 pt, ink, 1.5 pt line gap by default); returns the y below it. */
export function drawText(pdf: PDFKit.PDFDocument, value: string, x: number, y: number, options: DrawTextOptions = {}): number {
  const { font = 'regular', size = 9, color = INK, ...rest } = options;
  pdf
    .font(font)
    .fontSize(size)
    .fillColor(color)
    .text(value, x, y, { lineGap: 1.5, features: TEXT_FEATURES, ...rest });
  return pdf.y;
}

/** A horizontal rule across the text width at `y`. */
export function drawRule(pdf: PDFKit.PDFDocument, y: number, color = RULE): void {
  pdf
    .moveTo(MARGIN, y)
    .lineTo(pdf.page.width - MARGIN, y)
    .lineWidth(0.6)
    .strokeColor(color)
    .stroke();
}

/**
 * "`label` · Page n of m" at the foot of every page, right aligned below a rule, in the bottom margin
 * (pdfkit would start a new page for text past it, so the margin is lifted first).
 */
export function drawPageFooters(pdf: PDFKit.PDFDocument, label: string): void {
  const width = pdf.page.width - 2 * MARGIN;
  const { start, count } = pdf.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    pdf.switchToPage(page);
    pdf.page.margins.bottom = 0;
    drawRule(pdf, pdf.page.height - MARGIN - 14);
    drawText(pdf, `${label} · Page ${page - start + 1} of ${count}`, MARGIN, pdf.page.height - MARGIN - 8, {
      size: 7.5,
      color: MUTED,
      width,
      align: 'right',
    });
  }
}
