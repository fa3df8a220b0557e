/**
 * The register of issued documents (docs/decisions/047-invoices-gst.md#numbered-documents) as GET
 * /api/documents lists it: every receipt, tax invoice and credit note, newest first, filtered by
 * kind, month of issue (India's calendar), booking and a search, one page at a time with the number
 * matching. A row carries the amounts and the recipient's name from its frozen snapshot, not the
 * snapshot itself; `getTaxDocument` (tax-documents.server.ts) reads one whole document.
 */
import { and, desc, eq, getTableColumns, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { taxDocuments } from '~/db/schema';
import type { DocumentKind } from '~/lib/gst/document-number';
import { monthBounds } from '~/lib/month';
import { escapeLike, selectPage, type Page, type Paging } from './query.server';
import type { TaxDocument } from './tax-documents.server';

/** Which documents to list; every field left out (or `kind` 'all') means no filter. */
export type TaxDocumentFilter = {
  kind?: DocumentKind | 'all';
  /** 'YYYY-MM': issued from the 1st at 00:00 IST to the next month's 1st at 00:00 IST (excluded). */
  month?: string;
  bookingId?: string;
  /** Part of the number, the recipient's name or the booking's reference ('#A1B2C3'), any case. */
  q?: string;
};

/** A document of the list: its columns without the snapshot, plus the recipient's name from it. */
export type TaxDocumentListItem = Omit<TaxDocument, 'snapshot'> & { recipientName: string };

const recipientName = sql<string>`coalesce(${taxDocuments.snapshot} -> 'recipient' ->> 'name', '')`;
const bookingReference = sql<string>`coalesce(${taxDocuments.snapshot} ->> 'bookingReference', '')`;

function conditions(filter: TaxDocumentFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (filter.kind && filter.kind !== 'all') where.push(eq(taxDocuments.kind, filter.kind));
  if (filter.month) {
    const { start: from, end: to } = monthBounds(filter.month);
    where.push(gte(taxDocuments.issuedAt, from), lt(taxDocuments.issuedAt, to));
  }
  if (filter.bookingId) where.push(eq(taxDocuments.bookingId, filter.bookingId));
  const term = filter.q?.trim();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    where.push(or(ilike(taxDocuments.number, pattern), ilike(recipientName, pattern), ilike(bookingReference, pattern)));
  }
  return and(...where);
}

/**
 * One page of issued documents, newest first (by issue time, then the later number of a series
 * first), and how many match `filter`. `limit` defaults to 100, `offset` to 0.
 */
export async function listTaxDocuments(filter: TaxDocumentFilter & Paging = {}): Promise<Page<TaxDocumentListItem>> {
  const where = conditions(filter);
  const { snapshot: _snapshot, ...columns } = getTableColumns(taxDocuments);
  const rows = db()
    .select({ ...columns, recipientName })
    .from(taxDocuments)
    .where(where)
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.sequence), desc(taxDocuments.id))
    .$dynamic();
  return selectPage(rows, { table: taxDocuments, where }, filter);
}
