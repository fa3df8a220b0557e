/**
 * /admin/accounts?month=YYYY-MM (admin role, the `accounts` permission): the month's summary for the
 * accountant (docs/decisions/047-invoices-gst.md#the-months-summary). The month is India's calendar;
 * without `month` it is the current one, and a value that is not a month shows the current one with
 * a message. A GET form picks another month (without JavaScript too), with links to the months
 * before and after.
 *
 * It shows the tax invoices and credit notes of the month with their taxable value, CGST, SGST and
 * IGST by rate, by place of supply, by both and by recipient (with or without a GSTIN), credit notes
 * on their own and subtracted in the net; the receipts; the ledger's money received and refunded
 * by method (which adds up to the ledger to the paisa); and the month's documents, 50 a page,
 * filtered by kind (`?kind=invoice|credit_note|receipt&page=`), each number linking to its booking.
 * Two downloads: /admin/accounts/documents.csv and /admin/accounts/summary.csv for the same month.
 */
import { ChevronLeft, ChevronRight, Download, FileSpreadsheet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, Link, redirect } from 'react-router';
import { z } from 'zod';
import { DataTable, type DataColumn } from '~/components/admin/data-table';
import { EmptyState } from '~/components/admin/empty-state';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { buttonClass } from '~/components/ui/button';
import { Input } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { StatusPill, type StatusTone } from '~/components/ui/status-pill';
import { cn } from '~/lib/cn';
import { formatCount, formatDateTime } from '~/lib/format';
import { DOCUMENT_KINDS, type DocumentKind } from '~/lib/gst/document-number';
import { shortReference } from '~/lib/ids';
import { listHref } from '~/lib/list-href';
import { formatPaise } from '~/lib/money';
import { addMonths, FIRST_MONTH, formatMonth, LAST_MONTH, monthInIndia } from '~/lib/month';
import { readMonthDocumentsPage, readMonthSummary } from '~/models/accounts.server';
import { MAX_PAGE, pageCount, readPageQuery } from '~/schemas/catalog-query';
import { requirePermission } from '~/services/admin-guard.server';
import type { Route } from './+types/accounts';
import { readMonth } from './accounts/+shared/accounts.server';
import { FiguresTable, LedgerTable } from './accounts/+shared/figures-table';
import { methodLabel, placeLabel, rateLabel } from './accounts/+shared/labels';

const PATH = '/admin/accounts';

/** Documents a page of the list shows. */
const PAGE_SIZE = 50;

const querySchema = z.object({
  kind: z.enum(DOCUMENT_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'accounts');
  const { month, refused } = readMonth(request);
  const { kind, page = 1 } = readPageQuery(request, querySchema);
  const [summary, documents] = await Promise.all([
    readMonthSummary(month),
    readMonthDocumentsPage(month, { kind, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
  ]);
  const pages = pageCount(documents.total, PAGE_SIZE);
  if (page > pages) throw redirect(listHref(PATH, { month, kind, page: pages }));
  return {
    month,
    refused,
    currentMonth: monthInIndia(),
    summary,
    documents: documents.items.map((d) => ({ ...d, issuedAt: d.issuedAt.toISOString() })),
    total: documents.total,
    kind: kind ?? null,
    page,
    pages,
    pageSize: PAGE_SIZE,
  };
}

export const meta: Route.MetaFunction = () => adminMeta('Accounts');

type LoaderData = Route.ComponentProps['loaderData'];
type DocumentRow = LoaderData['documents'][number];

const KIND_LOOK: Record<DocumentKind, { label: string; plural: string; tone: StatusTone }> = {
  invoice: { label: 'Tax invoice', plural: 'Tax invoices', tone: 'ok' },
  credit_note: { label: 'Credit note', plural: 'Credit notes', tone: 'pending' },
  receipt: { label: 'Receipt', plural: 'Receipts', tone: 'neutral' },
};

/** The month in the URL, kept by every link of the page. */
const monthHref = (month: string, params: Record<string, string | number | undefined> = {}) => listHref(PATH, { month, ...params });

/** The month shown between links to the months before and after, and a GET form that picks any month. */
function MonthPicker({ month, currentMonth }: { month: string; currentMonth: string }) {
  const previous = addMonths(month, -1);
  const next = addMonths(month, 1);
  const step = (to: string, label: string, children: ReactNode) => (
    <Link to={monthHref(to)} className={buttonClass('outline', 'md')} aria-label={`${label}, ${formatMonth(to)}`}>
      {children}
    </Link>
  );
  return (
    <nav aria-label="Month" className="flex flex-col gap-3 card p-3 shadow-sm sm:p-4">
      <div className="flex items-center justify-between gap-3">
        {month > FIRST_MONTH ? (
          step(
            previous,
            'Previous month',
            <>
              <ChevronLeft className="size-4" aria-hidden />
              <span className="max-sm:sr-only">{formatMonth(previous)}</span>
            </>,
          )
        ) : (
          <span />
        )}
        <p className="text-center font-display text-xl font-semibold text-ink sm:text-2xl">{formatMonth(month)}</p>
        {month < LAST_MONTH ? (
          step(
            next,
            'Next month',
            <>
              <span className="max-sm:sr-only">{formatMonth(next)}</span>
              <ChevronRight className="size-4" aria-hidden />
            </>,
          )
        ) : (
          <span />
        )}
      </div>
      <Form
        method="get"
        action={PATH}
        key={month}
        className="flex flex-wrap items-end justify-center gap-2 border-t border-forest-100 pt-3"
        aria-label="Choose a month"
      >
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor="accounts-month" className="text-sm font-semibold text-ink">
            Go to month
          </label>
          <Input
            id="accounts-month"
            type="month"
            name="month"
            defaultValue={month}
            min={FIRST_MONTH}
            max={LAST_MONTH}
            required
            pattern="\d{4}-\d{2}"
            placeholder="YYYY-MM"
            title="A month as YYYY-MM, for example 2026-03"
            className="w-48"
          />
        </div>
        <button type="submit" className={buttonClass('primary', 'md')}>
          Show
        </button>
        {month !== currentMonth ? (
          <Link to={monthHref(currentMonth)} className={buttonClass('ghost', 'md')}>
            This month
          </Link>
        ) : null}
      </Form>
    </nav>
  );
}

/** A figure of the overview: label, value and a line under it. */
function Figure({ label, value, hint, wide = false }: { label: string; value: string; hint?: string; wide?: boolean }) {
  return (
    // An amount takes the whole row on a phone, so a crore still fits on one line.
    <div className={cn('flex min-w-0 flex-col gap-1 card p-4 shadow-sm', wide && 'max-sm:col-span-2')}>
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="font-sans text-2xl font-semibold break-words text-ink tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}

/** A section of the page with its heading and a line under it. */
function Section({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div>
        <h2 id={id} className="font-sans text-lg font-semibold text-ink">
          {title}
        </h2>
        {intro ? <p className="mt-0.5 max-w-3xl text-sm text-muted">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** CGST and SGST, or IGST, of a tax invoice or credit note, one tax a line. */
function taxLines(d: DocumentRow): string[] {
  return d.cgstPaise + d.sgstPaise > 0 ? [`CGST ${formatPaise(d.cgstPaise)}`, `SGST ${formatPaise(d.sgstPaise)}`] : [`IGST ${formatPaise(d.igstPaise)}`];
}

const documentColumns: DataColumn<DocumentRow>[] = [
  {
    header: 'Number',
    primary: true,
    cell: (d) => (
      <span className="flex min-w-0 flex-col items-start gap-1">
        <Link to={`/admin/bookings/${d.bookingId}`} className="font-semibold whitespace-nowrap text-forest-700 underline underline-offset-2">
          {d.number}
          <span className="sr-only">, booking #{shortReference(d.bookingId)}</span>
        </Link>
        <StatusPill tone={KIND_LOOK[d.kind].tone}>{KIND_LOOK[d.kind].label}</StatusPill>
      </span>
    ),
    className: 'w-40',
  },
  {
    header: 'Issued',
    cell: (d) => {
      const [date, time] = formatDateTime(d.issuedAt).split(/, (?=\d{1,2}:)/);
      return (
        <span className="flex flex-col text-sm tabular-nums">
          <span className="whitespace-nowrap">{date}</span>
          <span className="text-xs text-muted">{time}</span>
        </span>
      );
    },
    className: 'w-32',
  },
  {
    header: 'Recipient',
    cell: (d) => (
      <span className="flex min-w-0 flex-col">
        <span className="break-words text-ink">{d.recipientName || '—'}</span>
        {d.recipientGstin ? <span className="text-xs break-all text-muted">GSTIN {d.recipientGstin}</span> : null}
      </span>
    ),
  },
  {
    header: 'Supply',
    cell: (d) =>
      d.kind === 'receipt' ? (
        <span className="text-sm text-muted">{d.paymentMethod ? `Paid by ${methodLabel(d.paymentMethod)}` : 'Payment received'}</span>
      ) : (
        <span className="flex flex-col text-sm">
          <span>{placeLabel(d.placeOfSupplyCode)}</span>
          <span className="text-xs text-muted">
            {d.rateBasisPoints === null ? '' : rateLabel(d.rateBasisPoints)}
            {d.invoiceNumber ? (
              <>
                , against <span className="whitespace-nowrap">{d.invoiceNumber}</span>
              </>
            ) : null}
          </span>
        </span>
      ),
  },
  {
    header: 'Taxable value, tax',
    cell: (d) =>
      d.kind === 'receipt' ? (
        <span className="text-sm text-muted">No tax on a receipt</span>
      ) : (
        <span className="flex flex-col tabular-nums">
          <span>{formatPaise(d.taxablePaise)}</span>
          {taxLines(d).map((line) => (
            <span key={line} className="text-xs whitespace-nowrap text-muted">
              {line}
            </span>
          ))}
        </span>
      ),
    className: 'w-44',
  },
  {
    header: 'Total',
    cell: (d) => <span className="font-semibold whitespace-nowrap tabular-nums">{formatPaise(d.totalPaise)}</span>,
    className: 'w-32 text-right',
  },
];

/** 'All', 'Tax invoices', 'Credit notes', 'Receipts' with their counts, as links keeping the month. */
function KindFilter({ month, kind, counts }: { month: string; kind: DocumentKind | null; counts: LoaderData['summary']['documents'] }) {
  const byKind: Record<DocumentKind, number> = { invoice: counts.invoices, credit_note: counts.creditNotes, receipt: counts.receipts };
  const filters: { kind: DocumentKind | null; label: string; n: number }[] = [
    { kind: null, label: 'All', n: counts.invoices + counts.creditNotes + counts.receipts },
    ...(['invoice', 'credit_note', 'receipt'] as const).map((k) => ({ kind: k, label: KIND_LOOK[k].plural, n: byKind[k] })),
  ];
  return (
    <nav aria-label="Filter documents by kind">
      <ul className="flex flex-wrap gap-2">
        {filters.map((f) => {
          const current = f.kind === kind;
          return (
            <li key={f.label}>
              <Link
                to={monthHref(month, { kind: f.kind ?? undefined })}
                preventScrollReset
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium',
                  current ? 'border-forest-700 bg-forest-700 text-white' : 'border-forest-100 bg-white text-forest-800 hover:bg-forest-50',
                )}
              >
                {f.label}
                <span className={cn('rounded-full px-2 text-xs font-semibold', current ? 'bg-white/20' : 'bg-mist text-muted')}>{formatCount(f.n)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export default function Accounts({ loaderData }: Route.ComponentProps) {
  const { month, refused, currentMonth, summary, documents, total, kind, page, pages, pageSize } = loaderData;
  const { totals, ledger } = summary;
  const taxOf = (a: { cgstPaise: number; sgstPaise: number; igstPaise: number }) => a.cgstPaise + a.sgstPaise + a.igstPaise;
  const hasTaxDocuments = summary.documents.invoices + summary.documents.creditNotes > 0;
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Accounts"
        description={
          <>
            <span className="font-semibold text-ink">{formatMonth(month)}</span>: tax invoices, credit notes, receipts and the money received, in India time
            (IST).
          </>
        }
        actions={
          <>
            <a href={listHref(`${PATH}/documents.csv`, { month })} download className={buttonClass('outline', 'md')}>
              <Download className="size-4" aria-hidden />
              Documents CSV
            </a>
            <a href={listHref(`${PATH}/summary.csv`, { month })} download className={buttonClass('outline', 'md')}>
              <FileSpreadsheet className="size-4" aria-hidden />
              Summary CSV
            </a>
          </>
        }
      />

      {refused !== null ? (
        <p role="alert" className="card border-status-bad-fg/30 p-4 text-sm font-medium text-status-bad-fg">
          ‘{refused}’ is not a month: showing {formatMonth(month)}. Pick a month below, or write it as YYYY-MM.
        </p>
      ) : null}

      <MonthPicker month={month} currentMonth={currentMonth} />

      <div role="note" className="card p-4 text-sm shadow-sm">
        <p>
          <strong className="font-semibold">For your accountant, to file GSTR-1 and GSTR-3B.</strong> These are the documents this site issued in{' '}
          {formatMonth(month)} (1st 00:00 to the last day 23:59, India time), summed; the site files no return. Credit notes are shown on their own and taken
          off in Net, in the month they were issued, whichever month their invoice was. Receipts carry no tax: the tax is on the invoice.
        </p>
        <p className="mt-2">
          Money received and refunded is the payments ledger by the day the money moved, and adds up to the ledger to the paisa. A reversal counts in the month
          of the entry it corrects.
        </p>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Tax invoices" value={formatCount(summary.documents.invoices)} hint={formatPaise(totals.invoices.totalPaise)} />
        <Figure label="Credit notes" value={formatCount(summary.documents.creditNotes)} hint={formatPaise(totals.creditNotes.totalPaise)} />
        <Figure label="Net tax" value={formatPaise(taxOf(totals.net))} hint={`on ${formatPaise(totals.net.taxablePaise)} taxable`} wide />
        <Figure label="Money in, net" value={formatPaise(ledger.totals.netPaise)} hint={`${formatCount(summary.receipts.count)} receipts issued`} wide />
      </dl>

      {hasTaxDocuments ? (
        <>
          <Section id="accounts-rate" title="By rate" intro="Taxable value and tax of the month's tax invoices and credit notes at each GST rate.">
            <FiguresTable
              caption={`GST by rate, ${formatMonth(month)}`}
              header="Rate"
              groups={summary.byRate.map((g) => ({ key: String(g.rateBasisPoints), label: rateLabel(g.rateBasisPoints), figures: g }))}
              total={totals}
            />
          </Section>
          <Section
            id="accounts-place"
            title="By place of supply"
            intro="Intra-state supplies carry CGST and SGST, inter-state ones IGST; GSTR-3B asks for inter-state supplies to unregistered persons by place of supply."
          >
            <FiguresTable
              caption={`GST by place of supply, ${formatMonth(month)}`}
              header="Place of supply"
              groups={summary.byPlace.map((g) => ({ key: g.placeOfSupplyCode, label: placeLabel(g.placeOfSupplyCode), figures: g }))}
              total={totals}
            />
          </Section>
          <Section
            id="accounts-supply"
            title="By rate and place of supply"
            intro="The groups GSTR-1 sums supplies to unregistered persons by. The documents CSV lists each document, with the recipient's GSTIN."
          >
            <FiguresTable
              caption={`GST by rate and place of supply, ${formatMonth(month)}`}
              header="Rate, place"
              groups={summary.bySupply.map((g) => ({
                key: `${g.rateBasisPoints}-${g.placeOfSupplyCode}`,
                label: (
                  <>
                    {rateLabel(g.rateBasisPoints)}
                    <span className="block text-xs font-normal text-muted">{placeLabel(g.placeOfSupplyCode)}</span>
                  </>
                ),
                figures: g,
              }))}
              total={totals}
            />
          </Section>
          <Section
            id="accounts-recipients"
            title="By recipient"
            intro="Registered recipients gave a GSTIN (GSTR-1 lists their invoices and credit notes one by one); the others are unregistered persons."
          >
            <FiguresTable
              caption={`GST by recipient, ${formatMonth(month)}`}
              header="Recipient"
              groups={[
                { key: 'registered', label: 'With a GSTIN', figures: summary.byRecipient.registered },
                { key: 'unregistered', label: 'Without a GSTIN', figures: summary.byRecipient.unregistered },
              ].filter((g) => g.figures.invoices.count + g.figures.creditNotes.count > 0)}
              total={totals}
            />
          </Section>
        </>
      ) : (
        <EmptyState
          icon={FileSpreadsheet}
          title={`No tax invoices or credit notes in ${formatMonth(month)}`}
          message="Tax invoices are issued once a booking's quote is paid in full, by an operator with a GSTIN in the tax settings."
        />
      )}

      <Section
        id="accounts-money"
        title="Money received and refunded"
        intro={`${formatCount(summary.receipts.count)} ${summary.receipts.count === 1 ? 'receipt' : 'receipts'} for ${formatPaise(summary.receipts.totalPaise)} issued in ${formatMonth(month)}.`}
      >
        <LedgerTable ledger={ledger} />
        {ledger.laterReversals.count > 0 ? (
          <p className="text-sm text-muted" data-later-reversals>
            Includes {ledger.laterReversals.count === 1 ? '1 reversal' : `${formatCount(ledger.laterReversals.count)} reversals`} recorded after{' '}
            {formatMonth(month)} ({formatPaise(ledger.laterReversals.paise)}) against entries of this month.
          </p>
        ) : null}
      </Section>

      <Section id="accounts-documents" title="Documents" intro="Oldest first. A number opens its booking.">
        <KindFilter month={month} kind={kind} counts={summary.documents} />
        {documents.length === 0 ? (
          <EmptyState headingLevel={3} title={`No ${kind ? KIND_LOOK[kind].plural.toLowerCase() : 'documents'} in ${formatMonth(month)}`} />
        ) : (
          <DataTable label={`Documents of ${formatMonth(month)}`} rows={documents} rowKey={(d) => d.id} columns={documentColumns} />
        )}
        <Pagination
          variant="admin"
          pathname={PATH}
          params={{ month, kind: kind ?? undefined }}
          page={page}
          pageCount={pages}
          total={total}
          pageSize={pageSize}
          noun="documents"
        />
      </Section>
    </div>
  );
}
