/**
 * The travel voucher in the browser (docs/decisions/051-voucher.md): a confirmed booking's page (sent
 * without scripts) links "Download your voucher (PDF)"; the link answers a PDF, inline, named after
 * the reference, never cached or indexed. A pending booking's page has no such link and its voucher
 * address answers 409; a wrong token answers a bare 404.
 *
 * Runs against a production server of its own (port E2E_PORT + 8) on a data folder prepared by
 * tests/support/seed-voucher-booking.ts (a confirmed North Sikkim booking with travellers and a
 * driver, and a pending one), since confirmations, travellers and drivers are made by staff.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { projectRoot, startServer, type ServerProcess } from '../support/server-process';

// + 2 to + 7 are taken: site logs, page cache, the traveller page (+ 4, + 5), the traveller
// documents (+ 6), the fake Razorpay (+ 7).
const PORT = Number(process.env.E2E_PORT ?? 3210) + 8;

type Seeded = { confirmed: string; pending: string; reference: string };

let server: ServerProcess;
let seeded: Seeded;

test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'voucher-'));
  const output = execFileSync(process.execPath, [path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'tests/support/seed-voucher-booking.ts'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'error', NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  seeded = JSON.parse(output.trim().split('\n').at(-1)!) as Seeded;
  server = await startServer({ port: PORT, dataDir, env: { LOG_LEVEL: 'error' } });
});

test.afterAll(async () => {
  if (server) {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

test("a confirmed booking's page links its voucher, a private inline PDF", async ({ page }) => {
  await page.goto(`${server.url}/booking/${seeded.confirmed}`);
  await expect(page.getByRole('heading', { name: 'Confirmed' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Download your voucher (PDF)' });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toBe(`/booking/${seeded.confirmed}/voucher`);

  const response = await page.request.get(new URL(href!, server.url).toString());
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['content-type']).toBe('application/pdf');
  expect(headers['content-disposition']).toBe(`inline; filename="voucher-${seeded.reference}.pdf"`);
  expect(headers['cache-control']).toContain('no-store');
  expect(headers['x-robots-tag']).toContain('noindex');
  const body = await response.body();
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(body.byteLength).toBeGreaterThan(5_000);
});

test("a pending booking's page has no voucher link, and its voucher address answers 409; a wrong token 404", async ({ page }) => {
  await page.goto(`${server.url}/booking/${seeded.pending}`);
  await expect(page.getByRole('heading', { name: 'Request received' })).toBeVisible();
  await expect(page.getByRole('link', { name: /voucher/i })).toHaveCount(0);
  expect((await page.request.get(`${server.url}/booking/${seeded.pending}/voucher`)).status()).toBe(409);

  const wrong = await page.request.get(`${server.url}/booking/${'A'.repeat(43)}/voucher`);
  expect(wrong.status()).toBe(404);
  expect(await wrong.text()).toBe('Not found');
});
