/**
 * The traveller's own booking page in the browser (docs/decisions/046-payments.md#the-travellers-booking-page):
 * opened from the link's token, it shows the quote, what is due, how to pay and the cancellation
 * policy; it carries no script at all, is never cached or indexed, sends no Referer to other sites, and axe finds
 * nothing at phone and desktop widths. A revoked link gets the friendly 404.
 *
 * Runs against a production server of its own (port E2E_PORT + 4) on a data folder prepared by
 * tests/support/seed-traveller-bookings.ts (a quoted booking with the advance due, a bike with the
 * balance due after an advance paid by UPI, a revoked link), since quotes and payments are made by
 * staff, not by the public forms.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { projectRoot, startServer, type ServerProcess } from '../support/server-process';

const PORT = Number(process.env.E2E_PORT ?? 3210) + 4;
/** The server with online payment on, against the fake Razorpay. */
const ONLINE_PORT = PORT + 1;
const SECRETS_KEY = 'ZTJlLW9ubHkta2V5LWZvci10b3RwLXNlY3JldHMhISE';

type Tokens = { advanceDue: string; balanceDue: string; revoked: string };

/** A new data folder with the seeded bookings (tests/support/seed-traveller-bookings.ts), and their tokens. */
function seededDataDir(): { dataDir: string; tokens: Tokens } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'traveller-page-'));
  const output = execFileSync(process.execPath, [path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'tests/support/seed-traveller-bookings.ts'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'error', NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  return { dataDir, tokens: JSON.parse(output.trim().split('\n').at(-1)!) as Tokens };
}

let server: ServerProcess;
let tokens: Tokens;

// One worker runs these in order: the server (one port) is started once.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const seeded = seededDataDir();
  tokens = seeded.tokens;
  // No Razorpay keys: online payment is off, so the page shows the UPI ID and bank details.
  server = await startServer({ port: PORT, dataDir: seeded.dataDir, env: { LOG_LEVEL: 'error', SECRETS_KEY } });
});

test.afterAll(async () => {
  if (server) {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

test('the quote, the advance due, how to pay it and the policy, without a single script', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const response = await page.goto(`${server.url}/booking/${tokens.advanceDue}`);
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-page-cache']).toBeUndefined();
  expect(await response!.text()).not.toContain('<script');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Booking #[0-9A-F]{6}$/);
  await expect(page.getByText('Hello Asha')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Request received' })).toBeVisible();
  await expect(page.getByText('North Sikkim Adventure', { exact: true })).toBeVisible();
  await expect(page.getByText('Apr 10 – Apr 14, 2030')).toBeVisible();
  await expect(page.getByText('2 adults, 1 child')).toBeVisible();
  // The quote: its lines and total.
  const quote = page.getByRole('table', { name: 'Your quote' });
  await expect(quote.getByRole('row', { name: /North Sikkim Adventure \(per person\).*₹55,500\.00/ })).toBeVisible();
  await expect(quote.getByRole('row', { name: /Lachung stay upgrade.*₹4,000\.00/ })).toBeVisible();
  await expect(quote.getByRole('row', { name: /Total.*₹59,500\.00/ })).toBeVisible();
  // What is due, and how to pay it with online payment off.
  await expect(page.getByText('Advance: ₹29,750.00')).toBeVisible();
  await expect(page.getByText('himalayantours@okaxis')).toBeVisible();
  await expect(page.getByText('IFSC SBIN0001234, State Bank of India, Gangtok')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await expect(page.getByText('No payments yet.')).toBeVisible();
  // The policy the booking was sold under.
  await expect(page.getByText('Cancelled 15 or more days before travel: 25% refunded.')).toBeVisible();
  // Phone and WhatsApp, the reference in the text and never the page's address.
  const whatsapp = page.getByRole('link', { name: 'WhatsApp us' });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=.*booking%20%23[0-9A-F]{6}/);
  expect(await whatsapp.getAttribute('href')).not.toContain(tokens.advanceDue);
  await expect(whatsapp).toHaveAttribute('rel', /noreferrer/);
  // Nothing personal beyond the first name.
  await expect(page.locator('body')).not.toContainText('asha.rai@example.com');
  await expect(page.locator('body')).not.toContainText('9000000001');
  expect(scripts).toEqual([]);
});

test('the balance due after an advance paid by UPI: the receipt, the refund if cancelled today, and the return from Razorpay', async ({ page }) => {
  await page.goto(`${server.url}/booking/${tokens.balanceDue}?payment=checking`);
  await expect(page.getByRole('status')).toContainText('We are checking your payment');
  await expect(page.getByRole('heading', { name: 'Confirmed' })).toBeVisible();
  await expect(page.getByText('Helmet included')).toBeVisible();
  await expect(page.getByText('Balance: ₹3,600.00')).toBeVisible();
  await expect(page.getByText('due by May 2, 2030')).toBeVisible();
  await expect(page.getByText('Reference UTR 4321 8765 0001')).toBeVisible();
  await expect(page.getByText(/If you cancelled today, ₹3,600\.00 of the ₹3,600\.00 you paid would be refunded \(100%\)/)).toBeVisible();

  await page.goto(`${server.url}/booking/${tokens.balanceDue}?payment=received`);
  await expect(page.getByRole('status')).toContainText('Payment received');
});

test('a revoked link: 404 that says so, with the phone and WhatsApp', async ({ page }) => {
  const response = await page.goto(`${server.url}/booking/${tokens.revoked}`);
  expect(response?.status()).toBe(404);
  expect(response!.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link does not open a booking any more');
  await expect(page.getByText('Ask us for a new one')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', /^tel:/);
  await expect(page.getByRole('link', { name: 'WhatsApp us' })).toHaveAttribute('href', /^https:\/\/wa\.me\//);
});

for (const width of [390, 1280]) {
  test(`axe: no violations at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const token of [tokens.advanceDue, tokens.balanceDue, tokens.revoked]) {
      await page.goto(`${server.url}/booking/${token}?payment=checking`);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  });
}

test.describe('with online payment on', () => {
  let online: ServerProcess;
  let onlineTokens: Tokens;
  let fake: FakeRazorpay;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    fake = await startFakeRazorpay();
    const seeded = seededDataDir();
    onlineTokens = seeded.tokens;
    online = await startServer({
      port: ONLINE_PORT,
      dataDir: seeded.dataDir,
      env: {
        LOG_LEVEL: 'error',
        SECRETS_KEY,
        RAZORPAY_KEY_ID: fake.keyId,
        RAZORPAY_KEY_SECRET: fake.keySecret,
        RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
        RAZORPAY_API_URL: fake.url,
        RAZORPAY_RECONCILE_INTERVAL_MS: '0',
      },
    });
    fake.webhookUrl = `${online.url}/api/webhooks/razorpay`;
  });

  test.afterAll(async () => {
    if (online) {
      await online.stop();
      rmSync(online.dataDir, { recursive: true, force: true });
    }
    await fake?.close();
  });

  test('Pay advance leads to Razorpay (the page itself ran no script) and back to the receipt', async ({ page }) => {
    await page.goto(`${online.url}/booking/${onlineTokens.advanceDue}`);
    await expect(page.getByText('himalayantours@okaxis')).toHaveCount(0);
    await page.getByRole('button', { name: 'Pay advance ₹29,750.00' }).click();
    // The fake's hosted page (the link's short_url): the Pay form was accepted (same-origin Referer
    // policy keeps the Origin header) and left the site despite its form-action 'self'.
    await expect(page).toHaveURL(new RegExp(`^${fake.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`));
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(new RegExp(`/booking/${onlineTokens.advanceDue}\\?payment=(received|checking)$`));
    await expect(page.getByRole('status')).toContainText(/Payment received|We are checking your payment/);
    await expect
      .poll(async () => {
        await page.goto(`${online.url}/booking/${onlineTokens.advanceDue}`);
        return page.getByRole('heading', { name: 'Confirmed' }).count();
      })
      .toBe(1);
    await expect(page.getByText(/Payment · .* · Online \(Razorpay\)/)).toBeVisible();
    await expect(page.getByText('Balance: ₹29,750.00')).toBeVisible();
  });
});
