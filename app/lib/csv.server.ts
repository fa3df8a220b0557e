/**
 * CSV exports of bookings and inquiries (docs/decisions/019-csv-exports.md) with csv-stringify:
 * RFC 4180 quoting, UTF-8 with a byte-order mark so Excel shows rupee signs and Indian names, and
 * every cell that begins with = + - @ (or a tab or carriage return) prefixed with a quote so a
 * spreadsheet never runs it as a formula. Rows are pulled from an async iterable as the client
 * reads, so an export of any size holds one batch in memory, not the whole table.
 */
import { stringify } from 'csv-stringify';

export type CsvValue = string | number | boolean | null | undefined | Date;

/** One column of an export: its header and how a row gives its cell. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue };

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/**
 * The CSV text of `rows` as a byte stream, header first. The stream pulls the next row only when the
 * consumer wants more (back-pressure), and stops reading `rows` when the consumer cancels.
 */
export function csvStream<Row>(rows: AsyncIterable<Row>, columns: CsvColumn<Row>[]): ReadableStream<Uint8Array> {
  const stringifier = stringify({ bom: true, header: true, columns: columns.map((c) => c.header), escape_formulas: true });
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
