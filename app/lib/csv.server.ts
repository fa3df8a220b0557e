/**
 * CSV exports of bookings and inquiries (docs/decisions/019-csv-exports.md) with csv-stringify:
 * RFC 4180 quoting, UTF-8 with a byte-order mark so Excel shows rupee signs and Indian names, and
 * every cell that begins with = + - @ (or a tab or carriage return) prefixed with a quote so a
 * spreadsheet never runs it as a formula. Rows are pulled from an async iterable as the client
 * reads, so an export of any size holds one batch in memory, not the whole table.
 */
import { stringify } from 'csv-stringify';

/**
 * An amount cell: paise written as rupees with two decimals and no separators ('10500.00',
 * '-250.50'), exact by integer arithmetic, so a spreadsheet reads a number it can add (a
 * '₹10,500.00' cell is text, and its separator depends on the locale). It is a number, so a leading
 * minus is kept as a minus, not neutralised like the minus of a text cell. Make one with `csvRupees`.
 */
export class CsvRupees {
  constructor(readonly paise: number) {}

  toString(): string {
    const sign = this.paise < 0 ? '-' : '';
    const abs = Math.abs(this.paise);
    return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  }
}

/** The amount cell of `paise` (see CsvRupees); empty for none. */
export function csvRupees(paise: number | null | undefined): CsvRupees | null {
  return paise === null || paise === undefined ? null : new CsvRupees(paise);
}

const istDateTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '2025-01-05 15:40' in Asia/Kolkata: sorts as text and reads in any spreadsheet; '' for none. */
export function csvIndiaTime(value: Date | null | undefined): string {
  return value ? istDateTime.format(value) : '';
}

export type CsvValue = string | number | boolean | null | undefined | Date | CsvRupees;

/** One column of an export: its header and how a row gives its cell. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue };

function cell(value: CsvValue): string | CsvRupees {
  if (value === null || value === undefined) return '';
  if (value instanceof CsvRupees) return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/**
 * The CSV text of `rows` as a byte stream, header first. The stream pulls the next row only when the
 * consumer wants more (back-pressure), and stops reading `rows` when the consumer cancels.
 */
export function csvStream<Row>(rows: AsyncIterable<Row>, columns: CsvColumn<Row>[]): ReadableStream<Uint8Array> {
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: columns.map((c) => c.header),
    escape_formulas: true,
    // The one object a cell can be (see `cell`): an amount, whose minus is a number's, not a formula.
    cast: { object: (value) => ({ value: String(value), escape_formulas: !(value instanceof CsvRupees) }) },
  });
  const iterator = rows[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let pending = '';
  stringifier.on('data', (chunk: Buffer | string) => {
    pending += chunk.toString();
  });
  let finished = false;
  stringifier.on('end', () => {
    finished = true;
  });
  const ended = new Promise<void>((resolve, reject) => {
    stringifier.on('end', resolve);
    stringifier.on('error', reject);
  });
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // Write rows until some text is ready (or the rows run out), then hand it over.
      while (pending === '' && !finished) {
        const next = await iterator.next();
        if (next.done) {
          stringifier.end();
          await ended;
          break;
        }
        stringifier.write(columns.map((c) => cell(c.value(next.value))));
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      if (pending !== '') {
        controller.enqueue(encoder.encode(pending));
        pending = '';
      }
      if (finished && pending === '') controller.close();
    },
    async cancel() {
      await iterator.return?.();
      stringifier.destroy();
    },
  });
}

/** A streamed `text/csv` download named `filename` (e.g. 'bookings-2025-01-05.csv'). */
export function csvResponse<Row>(filename: string, rows: AsyncIterable<Row>, columns: CsvColumn<Row>[]): Response {
  return new Response(csvStream(rows, columns), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}

/**
 * Rows of a table in keyset batches: `fetch(after, size)` returns up to `size` rows after the row
 * `after` (null for the first batch) in a stable order; iteration stops at a short batch.
 */
export async function* inBatches<Row>(fetch: (after: Row | null, size: number) => Promise<Row[]>, size = 1000): AsyncGenerator<Row> {
  let after: Row | null = null;
  for (;;) {
    const batch = await fetch(after, size);
    for (const row of batch) yield row;
    if (batch.length < size) return;
    after = batch[batch.length - 1]!;
  }
}
