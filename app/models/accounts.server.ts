/**
 * The month's summary for the accountant (docs/decisions/047-invoices-gst.md#the-months-summary):
 * the month's tax invoices and credit notes with their taxable value and CGST, SGST and IGST, by
 * rate and by place of supply (what GSTR-1 and GSTR-3B ask for), the receipts, and the ledger's
 * money received and refunded by method. Months are India's calendar (app/lib/month.ts). Amounts
 * are integer paise; SQL sums come back as text and are read as numbers (a month's sums stay far
 * below 2^53).
 *
 * Every figure is a SQL aggregate (GROUP BY): one statement for the documents, one for the ledger,
 * whatever the month holds. The few dozen groups they return (rates × places of supply × kinds, methods
 * × kinds of entry) are folded into the page's tables here.
 *
 * - Credit notes are stored with positive amounts, as printed; they are shown on their own and
 *   subtracted in `net`.
 * - A ledger reversal counts as part of the entry it reverses: that entry's kind (payment or
 *   refund), method and day, as the dashboard's 'Received this month' and `ledgerTotals` count it.
 *   So a payment recorded by mistake in March and reversed in April leaves March's received less by
 *   that amount, and April's untouched; `laterReversals` says how much of the month's figures such
 *   reversals moved after the month ended.
 */
import { and, asc, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { db, type Executor } from '~/db/client.server';
import { payments, taxDocuments } from '~/db/schema';
import { PAYMENT_METHODS, type PaymentMethod } from '~/lib/constants';
import { inBatches } from '~/lib/csv.server';
import type { DocumentKind } from '~/lib/gst/document-number';
import { monthBounds } from '~/lib/month';

/** Taxable value, the three taxes and the total of some documents (paise). */
export type TaxAmounts = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };

/** The same, with how many documents they add up. */
export type DocumentFigures = TaxAmounts & { count: number };

/** Invoices, credit notes and the net (invoices less credit notes) of one group. */
export type SupplyFigures = { invoices: DocumentFigures; creditNotes: DocumentFigures; net: TaxAmounts };

/** One rate at one place of supply. */
export type SupplyRow = SupplyFigures & { rateBasisPoints: number; placeOfSupplyCode: string };

/**
 * Money of one method: received (payments less reversed payments), refunded (refunds less reversed
 * refunds, positive), net = received − refunded, and how many ledger entries each counts (a
 * reversal is an entry of what it reverses).
 */
export type MethodFigures = {
  method: PaymentMethod | string;
  receivedPaise: number;
  refundedPaise: number;
  netPaise: number;
  receivedEntries: number;
  refundedEntries: number;
};

export type MonthSummary = {
  month: string;
  /** The month's first instant and the next month's, in India (ISO). */
  from: string;
  to: string;
  /** Documents issued in the month, by kind. */
  documents: { receipts: number; invoices: number; creditNotes: number };
  /** Per rate and place of supply, rate then state code. */
  bySupply: SupplyRow[];
  /** Per rate, lowest first. */
  byRate: (SupplyFigures & { rateBasisPoints: number })[];
  /** Per place of supply, by state code. */
  byPlace: (SupplyFigures & { placeOfSupplyCode: string })[];
  /**
   * Registered recipients (a GSTIN on the document: GSTR-1's B2B and CDNR, listed document by
   * document in the CSV) and the others (B2C and CDNUR).
   */
  byRecipient: { registered: SupplyFigures; unregistered: SupplyFigures };
  totals: SupplyFigures;
  /** Receipts issued in the month: how many and their total (paise). They carry no tax. */
  receipts: { count: number; totalPaise: number };
  ledger: {
    /** Every method of PAYMENT_METHODS in its order (zeros included), then any other found. */
    byMethod: MethodFigures[];
    totals: Omit<MethodFigures, 'method'>;
    /** Reversals recorded after the month that count in it (against entries of the month). */
    laterReversals: { count: number; paise: number };
  };
};

const ZERO: TaxAmounts = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };

function plus(a: TaxAmounts, b: TaxAmounts): TaxAmounts {
  return {
    taxablePaise: a.taxablePaise + b.taxablePaise,
    cgstPaise: a.cgstPaise + b.cgstPaise,
    sgstPaise: a.sgstPaise + b.sgstPaise,
    igstPaise: a.igstPaise + b.igstPaise,
    totalPaise: a.totalPaise + b.totalPaise,
  };
}

function minus(a: TaxAmounts, b: TaxAmounts): TaxAmounts {
  return {
    taxablePaise: a.taxablePaise - b.taxablePaise,
    cgstPaise: a.cgstPaise - b.cgstPaise,
    sgstPaise: a.sgstPaise - b.sgstPaise,
    igstPaise: a.igstPaise - b.igstPaise,
    totalPaise: a.totalPaise - b.totalPaise,
  };
}

const noFigures = (): SupplyFigures => ({ invoices: { ...ZERO, count: 0 }, creditNotes: { ...ZERO, count: 0 }, net: { ...ZERO } });

/** Add one group's documents (of `kind`) into `figures`. */
function addGroup(figures: SupplyFigures, kind: string, group: DocumentFigures): void {
  if (kind === 'invoice') figures.invoices = { ...plus(figures.invoices, group), count: figures.invoices.count + group.count };
  else if (kind === 'credit_note') figures.creditNotes = { ...plus(figures.creditNotes, group), count: figures.creditNotes.count + group.count };
  figures.net = minus(figures.invoices, figures.creditNotes);
}

/** The documents' issue time within the month (start included, end excluded): a range on tax_documents_issued_at_idx. */
function issuedIn(month: string): SQL {
  const { start, end } = monthBounds(month);
  return and(gte(taxDocuments.issuedAt, start), lt(taxDocuments.issuedAt, end))!;
}

/** Whether the document names a registered recipient (a GSTIN in its frozen recipient block). */
const registeredSql = sql<boolean>`coalesce(${taxDocuments.snapshot}->'recipient'->>'gstin', '') <> ''`;

const sumText = (column: AnyPgColumn) => sql<string>`coalesce(sum(${column}), 0)::text`;

/**
 * The summary of `month` ('YYYY-MM', India): see MonthSummary. Two statements, run together. Throws
 * a RangeError for a month `isMonth` refuses, and whatever the database throws.
 */
export async function monthSummary(executor: Executor, month: string): Promise<MonthSummary> {
  const { firstDay, nextFirstDay, start, end } = monthBounds(month);
  const [groups, ledgerRows] = await Promise.all([
    executor
      .select({
        kind: taxDocuments.kind,
        rateBasisPoints: taxDocuments.rateBasisPoints,
        placeOfSupplyCode: taxDocuments.placeOfSupplyCode,
        registered: registeredSql,
        count: sql<number>`count(*)::int`,
        taxable: sumText(taxDocuments.taxablePaise),
        cgst: sumText(taxDocuments.cgstPaise),
        sgst: sumText(taxDocuments.sgstPaise),
        igst: sumText(taxDocuments.igstPaise),
        total: sumText(taxDocuments.totalPaise),
      })
      .from(taxDocuments)
      .where(issuedIn(month))
      .groupBy(taxDocuments.kind, taxDocuments.rateBasisPoints, taxDocuments.placeOfSupplyCode, registeredSql),
    monthLedgerRows(executor, firstDay, nextFirstDay),
  ]);

  const summary: MonthSummary = {
    month,
    from: start.toISOString(),
    to: end.toISOString(),
    documents: { receipts: 0, invoices: 0, creditNotes: 0 },
    bySupply: [],
    byRate: [],
    byPlace: [],
    byRecipient: { registered: noFigures(), unregistered: noFigures() },
    totals: noFigures(),
    receipts: { count: 0, totalPaise: 0 },
    ledger: foldLedger(ledgerRows),
  };

  const supply = new Map<string, SupplyRow>();
  const rates = new Map<number, SupplyFigures & { rateBasisPoints: number }>();
  const places = new Map<string, SupplyFigures & { placeOfSupplyCode: string }>();
  for (const g of groups) {
    const figures: DocumentFigures = {
      count: g.count,
      taxablePaise: Number(g.taxable),
      cgstPaise: Number(g.cgst),
      sgstPaise: Number(g.sgst),
      igstPaise: Number(g.igst),
      totalPaise: Number(g.total),
    };
    if (g.kind === 'receipt') {
      summary.documents.receipts += g.count;
      summary.receipts = { count: summary.receipts.count + g.count, totalPaise: summary.receipts.totalPaise + figures.totalPaise };
      continue;
    }
    if (g.kind === 'invoice') summary.documents.invoices += g.count;
    else summary.documents.creditNotes += g.count;
    // Invoices and credit notes always carry both (CHECKs in app/db/schema.ts).
    const rate = g.rateBasisPoints ?? 0;
    const place = g.placeOfSupplyCode ?? '';
    const key = `${rate}|${place}`;
    if (!supply.has(key)) supply.set(key, { rateBasisPoints: rate, placeOfSupplyCode: place, ...noFigures() });
    if (!rates.has(rate)) rates.set(rate, { rateBasisPoints: rate, ...noFigures() });
    if (!places.has(place)) places.set(place, { placeOfSupplyCode: place, ...noFigures() });
    for (const target of [
      supply.get(key)!,
      rates.get(rate)!,
      places.get(place)!,
      summary.totals,
      summary.byRecipient[g.registered ? 'registered' : 'unregistered'],
    ]) {
      addGroup(target, g.kind, figures);
    }
  }
  summary.bySupply = [...supply.values()].sort((a, b) => a.rateBasisPoints - b.rateBasisPoints || a.placeOfSupplyCode.localeCompare(b.placeOfSupplyCode));
  summary.byRate = [...rates.values()].sort((a, b) => a.rateBasisPoints - b.rateBasisPoints);
  summary.byPlace = [...places.values()].sort((a, b) => a.placeOfSupplyCode.localeCompare(b.placeOfSupplyCode));
  return summary;
}

type LedgerRow = { method: string; counts: string; paise: string; entries: number; later_count: number; later_paise: string };

/**
 * The ledger entries that count in the month [firstDay, nextFirstDay), summed by method and by what
 * they count as ('payment' or 'refund'): payments and refunds received in the month, and every
 * reversal of one of them, counted as its entry's kind, method and day. Two index ranges
 * (payments_received_on_idx, then payments_reverses_idx for the reversals), not a scan of the ledger.
 */
function monthLedgerRows(executor: Executor, firstDay: string, nextFirstDay: string): Promise<LedgerRow[]> {
  const query = sql`
    select method, counts, sum(amount_paise)::text as paise, count(*)::int as entries,
      count(*) filter (where later)::int as later_count, coalesce(sum(amount_paise) filter (where later), 0)::text as later_paise
    from (
      select p.method, p.entry_type as counts, p.amount_paise, false as later
        from ${payments} p
        where p.entry_type <> 'reversal' and p.received_on >= ${firstDay}::date and p.received_on < ${nextFirstDay}::date
      union all
      select o.method, o.entry_type as counts, r.amount_paise, r.received_on >= ${nextFirstDay}::date as later
        from ${payments} o join ${payments} r on r.reverses_id = o.id
        where o.received_on >= ${firstDay}::date and o.received_on < ${nextFirstDay}::date
    ) counted
    group by method, counts`;
  return (executor.execute(query) as unknown as Promise<{ rows: LedgerRow[] }>).then((result) => result.rows);
}

/** The ledger's rows by method (every known method, in order) with their totals. */
function foldLedger(rows: LedgerRow[]): MonthSummary['ledger'] {
  const none = (method: string): MethodFigures => ({ method, receivedPaise: 0, refundedPaise: 0, netPaise: 0, receivedEntries: 0, refundedEntries: 0 });
  const byMethod = new Map<string, MethodFigures>(PAYMENT_METHODS.map((method) => [method, none(method)]));
  const totals = none('');
  const laterReversals = { count: 0, paise: 0 };
  for (const row of rows) {
    // A reversal of a reversal (the application never writes one) counts as neither, as in `ledgerTotals`.
    if (row.counts !== 'payment' && row.counts !== 'refund') continue;
    const paise = Number(row.paise);
    if (!byMethod.has(row.method)) byMethod.set(row.method, none(row.method));
    const figures = byMethod.get(row.method)!;
    // Payments are positive and refunds negative: money received adds, money returned is shown positive.
    if (row.counts === 'payment') {
      figures.receivedPaise += paise;
      figures.receivedEntries += row.entries;
    } else {
      figures.refundedPaise -= paise;
      figures.refundedEntries += row.entries;
    }
    figures.netPaise = figures.receivedPaise - figures.refundedPaise;
    laterReversals.count += row.later_count;
    laterReversals.paise += Number(row.later_paise);
  }
  for (const f of byMethod.values()) {
    totals.receivedPaise += f.receivedPaise;
    totals.refundedPaise += f.refundedPaise;
    totals.receivedEntries += f.receivedEntries;
    totals.refundedEntries += f.refundedEntries;
  }
  totals.netPaise = totals.receivedPaise - totals.refundedPaise;
  const { method: _, ...ledgerTotals } = totals;
  return { byMethod: [...byMethod.values()], totals: ledgerTotals, laterReversals };
}

// ---------------------------------------------------------------------------------------------
// The month's documents, one by one: the page's list and the CSV.

/** A credit note's invoice. */
const original = alias(taxDocuments, 'original');

/** One document of the month as the list and the CSV show it. */
export type MonthDocument = {
  id: string;
  kind: DocumentKind;
  number: string;
  issuedAt: Date;
  bookingId: string;
  recipientName: string;
  recipientGstin: string;
  placeOfSupplyCode: string | null;
  rateBasisPoints: number | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  /** A credit note's invoice number; '' otherwise. */
  invoiceNumber: string;
  /** A receipt's payment method; '' otherwise. */
  paymentMethod: string;
};

const documentColumns = {
  id: taxDocuments.id,
  kind: sql<DocumentKind>`${taxDocuments.kind}`,
  number: taxDocuments.number,
  issuedAt: taxDocuments.issuedAt,
  bookingId: taxDocuments.bookingId,
  recipientName: sql<string>`coalesce(${taxDocuments.snapshot}->'recipient'->>'name', '')`,
  recipientGstin: sql<string>`coalesce(${taxDocuments.snapshot}->'recipient'->>'gstin', '')`,
  placeOfSupplyCode: taxDocuments.placeOfSupplyCode,
  rateBasisPoints: taxDocuments.rateBasisPoints,
  taxablePaise: taxDocuments.taxablePaise,
  cgstPaise: taxDocuments.cgstPaise,
  sgstPaise: taxDocuments.sgstPaise,
  igstPaise: taxDocuments.igstPaise,
  totalPaise: taxDocuments.totalPaise,
  invoiceNumber: sql<string>`coalesce(${original.number}, '')`,
  paymentMethod: sql<string>`coalesce(${payments.method}, '')`,
};

function monthDocumentsQuery(executor: Executor, where: SQL | undefined) {
  return executor
    .select(documentColumns)
    .from(taxDocuments)
    .leftJoin(original, eq(original.id, taxDocuments.invoiceId))
    .leftJoin(payments, eq(payments.id, taxDocuments.paymentId))
    .where(where)
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id));
}

/**
 * One page of the month's documents, oldest first (issue time, then id), optionally of one kind, and
 * how many there are.
 */
export async function listMonthDocuments(
  executor: Executor,
  month: string,
  { kind, limit = 50, offset = 0 }: { kind?: DocumentKind; limit?: number; offset?: number } = {},
): Promise<{ items: MonthDocument[]; total: number }> {
  const where = and(issuedIn(month), kind ? eq(taxDocuments.kind, kind) : undefined);
  const [items, [total]] = await Promise.all([
    monthDocumentsQuery(executor, where).limit(limit).offset(offset),
    executor.select({ n: count() }).from(taxDocuments).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/**
 * Every document of the month, oldest first, read in keyset batches of `batchSize` on
 * (issued_at, id) (docs/decisions/019-csv-exports.md): each batch is one range of
 * tax_documents_issued_at_idx after the last row seen, so 50,000 documents never sit in memory at
 * once. The cursor keeps the issue time as text, with its microseconds.
 */
export function monthDocuments(executor: Executor, month: string, batchSize = 1000): AsyncGenerator<MonthDocument> {
  type Row = MonthDocument & { cursor: string };
  const inMonth = issuedIn(month);
  return inBatches<Row>(
    (last, size) =>
      executor
        .select({ ...documentColumns, cursor: sql<string>`${taxDocuments.issuedAt}::text` })
        .from(taxDocuments)
        .leftJoin(original, eq(original.id, taxDocuments.invoiceId))
        .leftJoin(payments, eq(payments.id, taxDocuments.paymentId))
        .where(and(inMonth, last ? sql`(${taxDocuments.issuedAt}, ${taxDocuments.id}) > (${last.cursor}::timestamptz, ${last.id}::uuid)` : undefined))
        .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id))
        .limit(size),
    batchSize,
  );
}

// ---------------------------------------------------------------------------------------------
// For the routes, which do not hold the database client (docs/architecture.md#layers): the same, on
// the database itself.

/** `monthSummary` on the database. */
export const readMonthSummary = (month: string) => monthSummary(db(), month);

/** `listMonthDocuments` on the database. */
export const readMonthDocumentsPage = (month: string, options: Parameters<typeof listMonthDocuments>[2] = {}) => listMonthDocuments(db(), month, options);

/** `monthDocuments` on the database. */
export const exportMonthDocuments = (month: string) => monthDocuments(db(), month);
