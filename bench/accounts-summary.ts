// The month's summary at scale (docs/decisions/047-invoices-gst.md#the-months-summary): a fresh
// PGlite database in a temporary DATA_DIR (files on disk, as the server keeps it), migrated, filled
// with 50,000 documents issued in one month (receipts for as many ledger payments, tax invoices at
// two rates over a dozen places of supply, a tenth of them with a GSTIN, and credit notes), plus
// documents and ledger entries in the months either side, refunds and reversals. Then it times, in
// this process as the server runs them:
//   - monthSummary (the two GROUP BY statements): the first run, then the median, min and max of RUNS;
//   - what the /admin/accounts page reads (the summary and a page of 50 documents, together, as its
//     loader does), median of RUNS, and a page deep in the list;
//   - GET /admin/accounts/documents.csv through its route loader, read to the end (time to first
//     byte and to the end, bytes, rows).
// It checks the figures against plain sums of the filled rows, prints the query plans with --explain,
// and exits 1 when the summary's median exceeds 2 s (the target) unless --no-fail.
//
//   npx tsx bench/accounts-summary.ts                  # 50,000 documents in the month, 7 runs
//   DOCS=100000 RUNS=5 npx tsx bench/accounts-summary.ts --explain
//   OTHERS=300000 npx tsx bench/accounts-summary.ts --explain   # a bigger table around the month
//   npx tsx bench/accounts-summary.ts --no-fail
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

process.env.NODE_ENV ??= 'production';
process.env.LOG_LEVEL ??= 'silent';

const DOCS = Number(process.env.DOCS ?? 50_000);
/** Documents (and as many ledger payments, halved) in November and January: a fifth of DOCS unless OTHERS is given. */
const OTHERS = Number(process.env.OTHERS ?? Math.round(DOCS * 0.2));
const RUNS = Number(process.env.RUNS ?? 7);
const TARGET_MS = 2000;
const MONTH = '2026-12';
const args = new Set(process.argv.slice(2));

const { openDatabase, setDatabase } = await import('../app/db/client.server');
const { migrateDatabase } = await import('../app/db/migrate.server');
const { listMonthDocuments, monthSummary } = await import('../app/models/accounts.server');
const { upsertUser } = await import('../app/models/user.server');
const { createSession } = await import('../app/models/session.server');
const { sessionCookieHeader } = await import('../app/services/admin-guard.server');
const { loader: documentsCsvLoader } = await import('../app/routes/admin/accounts/documents-csv');
const { RouterContextProvider } = await import('react-router');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'accounts-bench-'));
const handle = await openDatabase({ dataDir });
setDatabase(handle);
const pglite = handle.pglite!;
let failed = false;
try {
  await migrateDatabase(handle);
  const fillStart = performance.now();
  // Receipts need ledger payments, documents need bookings: one booking per 10 documents.
  const receipts = Math.round(DOCS * 0.4);
  const invoices = Math.round(DOCS * 0.5);
  const creditNotes = DOCS - receipts - invoices;
  const others = OTHERS;
  await pglite.exec(`
    INSERT INTO bookings (type, item_name, name, email, phone, start_date, status, created_at)
    SELECT 'package', 'North Sikkim Explorer', 'Traveller ' || n, 'guest' || n || '@example.com', '+91 90000 00000', date '2026-12-20', 'confirmed',
      timestamptz '2026-11-01 10:00+05:30'
    FROM generate_series(1, ${Math.ceil((DOCS + others) / 10)}) AS n;
    CREATE TEMP TABLE bench_bookings AS SELECT row_number() OVER (ORDER BY id) AS k, id FROM bookings;

    -- The month's ledger: a payment per receipt over the month's days and all four methods; a refund for
    -- every 20th, a reversal of every 50th (some recorded the next month); entries of the months either side.
    INSERT INTO payments (booking_id, entry_type, amount_paise, method, reference, received_on)
    SELECT b.id, 'payment', 50000 + (n * 7919) % 5000000, (ARRAY['razorpay','upi','bank_transfer','cash'])[1 + n % 4], 'UTR' || n,
      date '2026-12-01' + (n % 31)
    FROM generate_series(1, ${receipts}) AS n JOIN bench_bookings b ON b.k = 1 + n % ${Math.ceil(DOCS / 10)};
    INSERT INTO payments (booking_id, entry_type, amount_paise, method, reference, received_on)
    SELECT b.id, 'payment', 70000 + n, (ARRAY['razorpay','upi','bank_transfer','cash'])[1 + n % 4], 'OTHER' || n,
      CASE WHEN n % 2 = 0 THEN date '2026-11-01' + (n % 30) ELSE date '2027-01-01' + (n % 31) END
    FROM generate_series(1, ${others}) AS n JOIN bench_bookings b ON b.k = 1 + n % ${Math.ceil(DOCS / 10)};
    INSERT INTO payments (booking_id, entry_type, amount_paise, method, reference, received_on)
    SELECT p.booking_id, 'refund', -(p.amount_paise / 4), p.method, 'RFND' || p.reference, p.received_on + 3
    FROM payments p WHERE p.reference LIKE 'UTR%' AND substring(p.reference from 4)::int % 20 = 0;
    INSERT INTO payments (booking_id, entry_type, amount_paise, method, reference, received_on, reverses_id)
    SELECT p.booking_id, 'reversal', -p.amount_paise, p.method, p.reference, p.received_on + 7, p.id
    FROM payments p WHERE p.entry_type = 'payment' AND p.reference LIKE 'UTR%' AND substring(p.reference from 4)::int % 50 = 0;
  `);
  // Documents: the snapshot is what an issued document freezes (supplier, recipient, lines, totals,
  // notes), about 1.5 KB, so the GSTIN read from it costs what it would.
  const snapshot = (kind: string, number: string, gstin: string) => `jsonb_build_object(
      'kind', ${kind}, 'title', 'Tax Invoice', 'number', ${number}, 'date', 'Dec 5, 2026', 'issuedAt', '2026-12-05T04:30:00.000Z',
      'supplier', jsonb_build_object('legalName', 'Himalayan Tours Private Limited', 'addressLines', jsonb_build_array('Tibet Road, MG Marg', 'Gangtok, Sikkim 737101'),
        'gstin', '11AAACH1234L1Z5', 'stateName', 'Sikkim', 'stateCode', '11'),
      'recipient', jsonb_build_object('name', 'Traveller ' || n, 'addressLines', jsonb_build_array('12 Park Street', 'Kolkata, West Bengal 700016', 'State: West Bengal (19)'))
        || ${gstin},
      'placeOfSupply', jsonb_build_object('stateName', 'West Bengal', 'stateCode', '19'), 'reverseCharge', false, 'bookingReference', '#AB12CD34',
      'lines', jsonb_build_array(
        jsonb_build_object('description', 'North Sikkim Explorer, 4 nights (per person), includes accommodation and transport', 'sac', '998555', 'quantity', '2',
          'taxableValue', '10,000.00', 'rateLabel', '5 %', 'igst', '500.00', 'total', '10,500.00'),
        jsonb_build_object('description', 'Tsomgo Lake and Nathula day trip', 'sac', '998555', 'quantity', '2', 'taxableValue', '2,000.00', 'rateLabel', '5 %',
          'igst', '100.00', 'total', '2,100.00')),
      'totals', jsonb_build_object('taxable', '₹12,000.00', 'igst', '₹600.00', 'grandTotal', '₹12,600.00'),
      'amountInWords', 'Rupees Twelve Thousand Six Hundred only',
      'notes', jsonb_build_array('Prices include GST.', 'Tour operator services; the price includes accommodation and transport. GST at 5 % without input tax credit.'),
      'signature', jsonb_build_object('forLine', 'For Himalayan Tours Private Limited', 'signatoryLabel', 'Authorised signatory'))`;
  // Places of supply: Sikkim (home, CGST + SGST) for a third, eleven other states for the rest.
  const place = `(ARRAY['11','11','11','11','19','19','07','27','29','33','10','18','20','21','09','24'])[1 + n % 16]`;
  const rate = `CASE WHEN n % 5 = 0 THEN 1800 ELSE 500 END`;
  const taxable = `(100000 + (n::bigint * 104729) % 4000000)`;
  const tax = `(${taxable} * ${rate} / 10000)`;
  const documents = (kind: string, prefix: string, from: number, count: number, issued: string, extra = '') => `
    INSERT INTO tax_documents (kind, prefix, financial_year, sequence, number, booking_id, issued_at, taxable_paise, cgst_paise, sgst_paise, igst_paise,
      total_paise, place_of_supply_code, rate_basis_points, snapshot, invoice_id)
    SELECT '${kind}', '${prefix}', 2026, ${from} + n, '${prefix}/26-27/' || lpad((${from} + n)::text, 6, '0'), b.id, ${issued},
      ${taxable}, CASE WHEN ${place} = '11' THEN ${tax} - ${tax} / 2 ELSE 0 END, CASE WHEN ${place} = '11' THEN ${tax} / 2 ELSE 0 END,
      CASE WHEN ${place} = '11' THEN 0 ELSE ${tax} END, ${taxable} + ${tax}, ${place}, ${rate},
      ${snapshot(`'${kind}'`, `'${prefix}/26-27/' || (${from} + n)`, `CASE WHEN n % 10 = 0 THEN jsonb_build_object('gstin', '19AAACI1681G1ZS') ELSE '{}'::jsonb END`)}
      ${extra}
    FROM generate_series(1, ${count}) AS n JOIN bench_bookings b ON b.k = 1 + n % ${Math.ceil(DOCS / 10)}`;
  // Spread over the whole month (31 days = 2,678,400 s), 53 s apart, wrapping.
  const inMonth = (n: string) => `timestamptz '2026-12-01 00:00+05:30' + (((${n})::bigint * 53) % 2678400) * interval '1 second'`;
  await pglite.exec(`
    ${documents('invoice', 'INV', 0, invoices, inMonth('n'), ', NULL')};
    ${documents('invoice', 'INV', invoices, others, `CASE WHEN n % 2 = 0 THEN timestamptz '2026-11-15 12:00+05:30' ELSE timestamptz '2027-01-15 12:00+05:30' END + n * interval '1 second'`, ', NULL')};
    CREATE TEMP TABLE bench_invoices (k bigint PRIMARY KEY, id uuid NOT NULL);
    INSERT INTO bench_invoices SELECT row_number() OVER (ORDER BY sequence), id FROM tax_documents WHERE kind = 'invoice';
  `);
  await pglite.exec(`
    ${documents('credit_note', 'CN', 0, creditNotes, inMonth('n * 7 + 3'), `, (SELECT i.id FROM bench_invoices i WHERE i.k = 1 + (n * 3) % ${invoices})`)};
    INSERT INTO tax_documents (kind, prefix, financial_year, sequence, number, booking_id, payment_id, issued_at, taxable_paise, total_paise, snapshot)
    SELECT 'receipt', 'RCT', 2026, row_number() OVER (ORDER BY p.id), 'RCT/26-27/' || lpad((row_number() OVER (ORDER BY p.id))::text, 6, '0'), p.booking_id, p.id,
      (p.received_on::text || ' 10:00+05:30')::timestamptz + (row_number() OVER (ORDER BY p.id)) % 3600 * interval '1 second',
      p.amount_paise, p.amount_paise,
      jsonb_build_object('kind', 'receipt', 'number', 'RCT', 'issuedAt', '2026-12-05T04:30:00.000Z', 'recipient', jsonb_build_object('name', 'Traveller', 'addressLines', '[]'::jsonb))
    FROM payments p WHERE p.entry_type = 'payment';
    ANALYZE;
  `);
  const fillMs = performance.now() - fillStart;
  const count = async (query: string) => Number(((await pglite.query<{ n: string }>(query)).rows[0] as { n: string }).n);
  const inMonthDocs = await count(
    `SELECT count(*)::text AS n FROM tax_documents WHERE issued_at >= timestamptz '2026-12-01 00:00+05:30' AND issued_at < timestamptz '2027-01-01 00:00+05:30'`,
  );
  const allDocs = await count('SELECT count(*)::text AS n FROM tax_documents');
  const ledgerRows = await count('SELECT count(*)::text AS n FROM payments');

  // The summary: first (cold) run, then RUNS more.
  let start = performance.now();
  const summary = await monthSummary(handle.db, MONTH);
  const firstMs = performance.now() - start;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    start = performance.now();
    await monthSummary(handle.db, MONTH);
    times.push(performance.now() - start);
  }

  // The figures are right: the documents and the ledger summed plainly.
  const plainNet = await count(
    `SELECT (sum(CASE kind WHEN 'invoice' THEN total_paise WHEN 'credit_note' THEN -total_paise END))::text AS n FROM tax_documents
     WHERE issued_at >= timestamptz '2026-12-01 00:00+05:30' AND issued_at < timestamptz '2027-01-01 00:00+05:30'`,
  );
  const plainLedger = await count(
    `SELECT coalesce(sum(p.amount_paise), 0)::text AS n FROM payments p LEFT JOIN payments r ON r.id = p.reverses_id
     WHERE coalesce(r.received_on, p.received_on) >= date '2026-12-01' AND coalesce(r.received_on, p.received_on) < date '2027-01-01'`,
  );
  const counted = summary.documents.receipts + summary.documents.invoices + summary.documents.creditNotes;
  const checks = {
    documents: counted === inMonthDocs,
    net: summary.totals.net.totalPaise === plainNet,
    ledger: summary.ledger.totals.netPaise === plainLedger,
  };

  // The page (session check, summary and the first page of documents) and the documents CSV, through their route loaders.
  const user = await upsertUser({ username: 'bench-admin', name: 'Bench Admin', password: 'bench-admin-password', role: 'admin' });
  const { token } = await createSession(user.id, { kind: 'cookie' });
  const cookie = (await sessionCookieHeader(token)).split(';')[0]!;
  const call = <T>(loader: (args: never) => T, url: string) =>
    loader({
      request: new Request(`http://localhost${url}`, { headers: { Cookie: cookie } }),
      params: {},
      context: new RouterContextProvider(),
      pattern: '',
      url: new URL(`http://localhost${url}`),
    } as never);
  // The page's loader reads these two together (its module is React, which this script does not load).
  const pageTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    start = performance.now();
    await Promise.all([monthSummary(handle.db, MONTH), listMonthDocuments(handle.db, MONTH, { limit: 50 })]);
    pageTimes.push(performance.now() - start);
  }
  const deepPage = Math.floor(invoices / 50);
  start = performance.now();
  await listMonthDocuments(handle.db, MONTH, { kind: 'invoice', limit: 50, offset: (deepPage - 1) * 50 });
  const lastPageMs = performance.now() - start;

  start = performance.now();
  const response = (await call(documentsCsvLoader, `/admin/accounts/documents.csv?month=${MONTH}`)) as Response;
  let firstByteMs: number | null = null;
  let bytes = 0;
  let lines = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByteMs ??= performance.now() - start;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines++;
  }
  const csvMs = performance.now() - start;
  checks.documents &&= lines - 1 === inMonthDocs;

  const load = os.loadavg().map((n) => n.toFixed(2));
  console.log(`Month's summary on PGlite (DATA_DIR ${dataDir}), ${os.cpus().length} CPUs, load average ${load.join(' ')}`);
  console.log(
    `  filled in ${(fillMs / 1000).toFixed(1)} s: ${allDocs.toLocaleString('en-IN')} documents (${inMonthDocs.toLocaleString('en-IN')} in ${MONTH}: ${summary.documents.invoices} invoices, ${summary.documents.creditNotes} credit notes, ${summary.documents.receipts} receipts), ${ledgerRows.toLocaleString('en-IN')} ledger rows`,
  );
  console.log(
    `  monthSummary: first ${ms(firstMs)}; median ${ms(median(times))}, min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))} of ${RUNS} (target < ${TARGET_MS} ms)`,
  );
  console.log(
    `  the page's reads (summary + 50 documents): median ${ms(median(pageTimes))} of ${RUNS}; page ${deepPage} of the invoices alone ${ms(lastPageMs)}`,
  );
  console.log(
    `  documents.csv: ${(lines - 1).toLocaleString('en-IN')} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${ms(csvMs)} (first byte ${ms(firstByteMs ?? 0)}), status ${response.status}`,
  );
  console.log(
    `  groups: ${summary.bySupply.length} rate × place, ${summary.byRate.length} rates, ${summary.byPlace.length} places; checks: ${Object.entries(checks)
      .map(([k, v]) => `${k} ${v ? 'ok' : 'WRONG'}`)
      .join(', ')}`,
  );

  if (args.has('--explain')) {
    const { start: from, end: to } = (await import('../app/lib/month')).monthBounds(MONTH);
    for (const [label, query] of [
      [
        'documents',
        `EXPLAIN (ANALYZE, BUFFERS) SELECT kind, rate_basis_points, place_of_supply_code, coalesce(snapshot->'recipient'->>'gstin', '') <> '', count(*), sum(taxable_paise)
         FROM tax_documents WHERE issued_at >= '${from.toISOString()}' AND issued_at < '${to.toISOString()}' GROUP BY 1, 2, 3, 4`,
      ],
      [
        'ledger',
        `EXPLAIN (ANALYZE, BUFFERS) SELECT method, counts, sum(amount_paise) FROM (
           SELECT p.method, p.entry_type AS counts, p.amount_paise FROM payments p WHERE p.entry_type <> 'reversal' AND p.received_on >= date '2026-12-01' AND p.received_on < date '2027-01-01'
           UNION ALL
           SELECT o.method, o.entry_type, r.amount_paise FROM payments o JOIN payments r ON r.reverses_id = o.id WHERE o.received_on >= date '2026-12-01' AND o.received_on < date '2027-01-01') x
         GROUP BY 1, 2`,
      ],
    ] as const) {
      const plan = await pglite.query<{ 'QUERY PLAN': string }>(query);
      console.log(`\n  plan of the ${label} statement:\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
    }
  }

  if (!Object.values(checks).every(Boolean)) {
    console.error('The summary does not match the plain sums.');
    failed = true;
  }
  if (median(times) > TARGET_MS && !args.has('--no-fail')) {
    console.error(`monthSummary's median ${ms(median(times))} is over the ${TARGET_MS} ms target.`);
    failed = true;
  }
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
