/**
 * The traveller's voucher as a PDF (docs/decisions/051-voucher.md): what the traveller carries on the
 * trip, on A4 pages drawn with the same fonts and helpers as the tax documents
 * (pdf-document.server.ts). This module only lays out text it is given: the view is already in
 * words (dates, rupees, labels), made by app/services/voucher.server.ts.
 */
import { drawPageFooters, drawRule, drawText, MARGIN, MUTED, openPdf, RULE, type DrawTextOptions } from './pdf-document.server';

/** A label and its text, printed as two columns ("Pickup" | "07:30 at Hotel Mayfair"). */
export type VoucherFact = { label: string; value: string };

/** One traveller as the permit office and the hotels know them. */
export type VoucherTraveller = {
  /** "1. Asha Rai" */
  name: string;
  /** "Female · born Mar 12, 1990 (36) · Indian" */
  details: string;
  /** What this traveller must provide for the permit, each "Photo: received" / "Passport and visa: missing". Empty without a permit. */
  documents: string[];
};

/** One day of the itinerary. */
export type VoucherDay = {
  /** "Day 1 · Wed, Mar 10, 2027" */
  heading: string;
  title: string;
  /** A short description (the first sentences, at most about 300 characters). */
  description: string;
  /** "Meals: Breakfast, Dinner · Stay: Lachung" (empty when neither is known). */
  mealsAndStay: string;
};

/** Everything a voucher shows, already in words. */
export type VoucherView = {
  /** "A1B2C3", printed "#A1B2C3". */
  reference: string;
  /** When the PDF was made; its creation date and the "Issued" line. */
  issuedAt: Date;
  /** "Dec 6, 2026, 11:40 AM IST" */
  issuedOn: string;
  company: { name: string; addressLines: readonly string[]; contactLines: readonly string[] };
  /** The office's round-the-clock number, printed large: "24/7 helpline: +91 98320 55555". */
  helpline: string;
  /** Lead traveller's name, reference, item and dates: "Tour" | "North Sikkim 4 nights", "Travel dates" | "…". */
  booking: readonly VoucherFact[];
  /** The travellers on the booking, or (none given yet) the party and a request to add them. */
  travellers: { rows: readonly VoucherTraveller[] } | { party: string; request: string };
  itinerary: readonly VoucherDay[];
  /** "Lachung: Hotel Snow Lion, 2 nights, Deluxe, 1 room". */
  hotels: readonly string[];
  /**
   * Per assignment: its days and the pickup, driver and vehicle facts; `note` when there is nothing
   * (yet) to show. Null leaves the section out (a self-ridden bike, a self-drive car).
   */
  transport: { assignments: readonly { heading: string; facts: readonly VoucherFact[] }[]; note: string | null } | null;
  /** Absent when the booking needs no permit. */
  permits: { facts: readonly VoucherFact[]; note: string | null } | null;
  money: { facts: readonly VoucherFact[]; note: string | null };
  /** The cancellation terms, one line per tier. */
  cancellation: readonly string[];
};

const FOOTER_SPACE = 36;
const LABEL_WIDTH = 110;
const HEADING_SIZE = 11.5;

/**
 * Render `voucher` as an A4 PDF and return its bytes.
 *
 * Layout: the office (name, address, contacts) and "Travel voucher #REF" with the helpline, then one
 * titled section each for the booking, the travellers, the itinerary, hotels, pickup and driver,
 * permits, payments and cancellation terms; a section that does not fit continues on the next page,
 * never a line cut in two. "Voucher #REF · Page n of m" on each page. Deterministic for a given view
 * (creation date = `issuedAt`). Throws only if pdfkit or the fonts fail (a broken install).
 */
export async function renderVoucherPdf(voucher: VoucherView): Promise<Uint8Array> {
  const { pdf, finish } = openPdf({
    title: `Travel voucher #${voucher.reference}`,
    author: voucher.company.name,
    subject: `Booking #${voucher.reference}`,
    creationDate: voucher.issuedAt,
  });
  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const half = width / 2;
  const bottom = () => pdf.page.height - MARGIN - FOOTER_SPACE;
  const text = (value: string, x: number, y: number, options: DrawTextOptions = {}) => drawText(pdf, value, x, y, options);
  const heightOf = (value: string, w: number, options: DrawTextOptions = {}) => {
    const { font = 'regular', size = 9, ...rest } = options;
    pdf.font(font).fontSize(size);
    return pdf.heightOfString(value || ' ', { width: w, lineGap: 1.5, ...rest });
  };
  /** Start a new page when `height` more points do not fit under `y`; returns where to draw. */
  const room = (y: number, height: number) => {
    if (y + height <= bottom()) return y;
    pdf.addPage();
    return MARGIN;
  };

  // Header: the office on the left, the voucher and the helpline on the right.
  let y = text(voucher.company.name, left, MARGIN, { font: 'bold', size: 13, width: half });
  y = text(voucher.company.addressLines.join('\n'), left, y + 2, { width: half, color: MUTED });
  y = text(voucher.company.contactLines.join('\n'), left, y + 2, { width: half });
  let ry = text('Travel voucher', left + half, MARGIN, { font: 'bold', size: 18, width: half, align: 'right' });
  ry = text(`Booking #${voucher.reference}`, left + half, ry + 2, { font: 'bold', size: 11, width: half, align: 'right' });
  ry = text(`Issued ${voucher.issuedOn}`, left + half, ry + 2, { width: half, align: 'right', color: MUTED });
  ry = text(voucher.helpline, left + half, ry + 4, { font: 'bold', size: 10.5, width: half, align: 'right' });
  y = Math.max(y, ry) + 10;
  drawRule(pdf, y);
  y += 6;

  const heading = (title: string, next: number) => {
    // A heading is never left alone at the foot of a page: it keeps the first `next` points with it.
    y = room(y + 8, HEADING_SIZE + 6 + next);
    y = text(title, left, y, { font: 'bold', size: HEADING_SIZE }) + 3;
  };
  const factHeight = (fact: VoucherFact) => Math.max(heightOf(fact.label, LABEL_WIDTH - 8), heightOf(fact.value, width - LABEL_WIDTH)) + 3;
  const facts = (list: readonly VoucherFact[], x = left) => {
    // A short list (the payments, the permit) stays on one page.
    const total = list.reduce((sum, fact) => sum + factHeight(fact), 0);
    if (total < 160) y = room(y, total);
    for (const fact of list) {
      y = room(y, factHeight(fact));
      text(fact.label, x, y, { width: LABEL_WIDTH - 8, color: MUTED });
      const end = text(fact.value, x + LABEL_WIDTH, y, { width: width - LABEL_WIDTH - (x - left) });
      y = Math.max(end, pdf.y) + 3;
    }
  };
  const paragraph = (value: string, options: DrawTextOptions = {}) => {
    y = room(y, heightOf(value, width, options) + 2);
    y = text(value, left, y, { width, ...options }) + 2;
  };
  const section = (title: string, first: number, draw: () => void) => {
    heading(title, first);
    draw();
  };

  section('Your booking', voucher.booking[0] ? factHeight(voucher.booking[0]) : 0, () => facts(voucher.booking));

  section('Travellers', 24, () => {
    if ('rows' in voucher.travellers) {
      for (const row of voucher.travellers.rows) {
        const docs = row.documents.join(' · ');
        const need = heightOf(row.name, width, { font: 'bold' }) + heightOf(row.details, width) + (docs ? heightOf(docs, width) : 0) + 6;
        y = room(y, need);
        y = text(row.name, left, y, { font: 'bold', width });
        y = text(row.details, left + 12, y, { width: width - 12 });
        if (docs) y = text(docs, left + 12, y, { width: width - 12, color: MUTED });
        y += 4;
      }
    } else {
      paragraph(voucher.travellers.party, { font: 'bold' });
      paragraph(voucher.travellers.request);
    }
  });

  if (voucher.itinerary.length > 0) {
    section('Day by day', 40, () => {
      for (const day of voucher.itinerary) {
        const need =
          heightOf(`${day.heading}: ${day.title}`, width, { font: 'bold' }) +
          (day.description ? heightOf(day.description, width - 12) : 0) +
          (day.mealsAndStay ? heightOf(day.mealsAndStay, width - 12) : 0) +
          8;
        y = room(y, need);
        y = text(`${day.heading}: ${day.title}`, left, y, { font: 'bold', width });
        if (day.description) y = text(day.description, left + 12, y + 1, { width: width - 12 });
        if (day.mealsAndStay) y = text(day.mealsAndStay, left + 12, y + 1, { width: width - 12, color: MUTED });
        y += 5;
      }
    });
  }

  if (voucher.hotels.length > 0) {
    section('Hotels', 14, () => {
      for (const hotel of voucher.hotels) paragraph(`• ${hotel}`);
    });
  }

  if (voucher.transport) {
    const transport = voucher.transport;
    section('Pickup, driver and vehicle', 14, () => {
      for (const assignment of transport.assignments) {
        // An assignment's days, pickup, driver and vehicle stay on one page.
        y = room(y, heightOf(assignment.heading, width, { font: 'bold' }) + 2 + assignment.facts.reduce((sum, fact) => sum + factHeight(fact), 0));
        y = text(assignment.heading, left, y, { font: 'bold', width }) + 2;
        facts(assignment.facts);
        y += 3;
      }
      if (transport.note) paragraph(transport.note);
    });
  }

  if (voucher.permits) {
    const permits = voucher.permits;
    section('Permits', 14, () => {
      facts(permits.facts);
      if (permits.note) paragraph(permits.note);
    });
  }

  section('Payments', 14, () => {
    facts(voucher.money.facts);
    if (voucher.money.note) paragraph(voucher.money.note, { font: 'bold' });
  });

  section('Cancellation terms', 14, () => {
    for (const line of voucher.cancellation) paragraph(`• ${line}`);
  });

  // The helpline once more at the end, where a traveller in trouble looks last.
  y = room(y + 10, 40);
  pdf.rect(left, y, width, 30).lineWidth(0.8).strokeColor(RULE).stroke();
  text(`${voucher.helpline} · Quote booking #${voucher.reference}`, left + 10, y + 10, { font: 'bold', size: 10, width: width - 20 });

  drawPageFooters(pdf, `Voucher #${voucher.reference}`);
  return finish();
}
