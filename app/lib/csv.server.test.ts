import { describe, expect, it } from 'vitest';
import { csvIndiaTime, csvRupees, csvStream, inBatches, type CsvColumn } from './csv.server';

type Row = { name: string; note: string | null; amount: number };
const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Note', value: (r) => r.note },
  { header: 'Amount (₹)', value: (r) => r.amount },
];

async function* from<T>(rows: T[]) {
  for (const row of rows) yield row;
}

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  // ignoreBOM: keep the byte-order mark in the text (a default decoder drops it).
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe('csvStream', () => {
  it('starts with a byte-order mark and a header, and quotes commas, quotes and line breaks', async () => {
    const out = await text(
      csvStream(
        from([
          { name: 'Asha, "Didi" Rai', note: 'line one\nline two', amount: 3500 },
          { name: 'संजय', note: null, amount: 0 },
        ]),
        columns,
      ),
    );
    expect(out.charCodeAt(0)).toBe(0xfeff);
    expect(out.slice(1)).toBe('Name,Note,Amount (₹)\n"Asha, ""Didi"" Rai","line one\nline two",3500\nसंजय,,0\n');
  });

  it('neutralises cells that a spreadsheet would run as a formula', async () => {
    const evil = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)'];
    const out = await text(csvStream(from(evil.map((name) => ({ name, note: null, amount: 1 }))), columns));
    const lines = out.slice(1).trim().split('\n').slice(1);
    expect(lines).toEqual([`"'=HYPERLINK(""http://x"",""y"")",,1`, "'+1+1,,1", "'-2+3,,1", "'@SUM(A1),,1"]);
  });

  it('writes amounts as rupees with two decimals, a negative one with its minus, while a text minus is still neutralised', async () => {
    type Money = { label: string; paise: number | null };
    const money: CsvColumn<Money>[] = [
      { header: 'Label', value: (r) => r.label },
      { header: 'Amount (₹)', value: (r) => csvRupees(r.paise) },
    ];
    const rows: Money[] = [
      { label: 'net', paise: -25_050 },
      { label: '-1+2', paise: 1_050_000 },
      { label: 'paisa', paise: 1 },
      { label: 'none', paise: null },
      { label: 'crore', paise: 1_000_000_000 },
    ];
    const out = await text(csvStream(from(rows), money));
    expect(out.slice(1).split('\n')).toEqual(['Label,Amount (₹)', 'net,-250.50', "'-1+2,10500.00", 'paisa,0.01', 'none,', 'crore,10000000.00', '']);
  });

  it('writes times on the clock in India, sortable', () => {
    expect(csvIndiaTime(new Date('2026-03-31T18:29:00Z'))).toBe('2026-03-31 23:59');
    expect(csvIndiaTime(null)).toBe('');
  });

  it('writes just the header for no rows', async () => {
    expect((await text(csvStream(from([]), columns))).slice(1)).toBe('Name,Note,Amount (₹)\n');
  });
});

describe('inBatches', () => {
  it('walks every row in batches and stops at a short batch', async () => {
    const all = Array.from({ length: 25 }, (_, i) => i);
    const calls: (number | null)[] = [];
    const seen: number[] = [];
    for await (const n of inBatches<number>(async (after, size) => {
      calls.push(after);
      const start = after === null ? 0 : after + 1;
      return all.slice(start, start + size);
    }, 10))
      seen.push(n);
    expect(seen).toEqual(all);
    expect(calls).toEqual([null, 9, 19]);
  });
});
