import { defineConfig, devices } from '@playwright/test';

/** Port of the server the public-site tests use; the admin tests' server listens on the next one. */
const SITE_PORT = Number(process.env.E2E_PORT ?? 3210);
/** The admin tests' server; its data folder is emptied when it starts (tests/e2e/admin-helpers.ts keeps a file there). */
export const ADMIN_PORT = SITE_PORT + 1;
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
/**
 * The fake Razorpay (tests/support/fake-razorpay-server.ts) the admin tests' server pays through:
 * nothing leaves the machine. The site tests' server has no Razorpay keys (online payment off).
 */
export const FAKE_RAZORPAY_PORT = SITE_PORT + 7;
const RAZORPAY_TEST_KEYS = {
  RAZORPAY_KEY_ID: 'rzp_test_e2eonly',
  RAZORPAY_KEY_SECRET: 'e2e-only-razorpay-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'e2e-only-razorpay-webhook-secret',
};

/**
 * One production server (npm run build first) on a fresh embedded database seeded with the sample
 * content, in Debian's Chromium, never a download.
 */
function server(port: number, extraEnv: Record<string, string> = {}) {
  return {
    command: `rm -rf .e2e-data/${port} && node server.js`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    // The servers' errors (LOG_LEVEL=error) appear in the test output, so an error that
    // only happens under a browser run is visible with its request id.
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `./.e2e-data/${port}`,
      BUILD_DIR: process.env.BUILD_DIR ?? 'build',
      DATABASE_URL: '',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'error',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '1000',
      RATE_LIMIT_LOGIN_FAILURES: '1000',
      // Production needs a key for two-factor secrets (app/lib/secrets.server.ts); a fixed one for tests.
      SECRETS_KEY: 'ZTJlLW9ubHkta2V5LWZvci10b3RwLXNlY3JldHMhISE',
      ...extraEnv,
    },
  };
}

/** The fake Razorpay: links, payments, refunds in memory; its pay page delivers signed webhooks to the admin tests' server. */
function fakeRazorpay() {
  return {
    command: 'npx tsx tests/support/fake-razorpay-server.ts',
    url: `http://127.0.0.1:${FAKE_RAZORPAY_PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      ...RAZORPAY_TEST_KEYS,
      FAKE_RAZORPAY_PORT: String(FAKE_RAZORPAY_PORT),
      FAKE_RAZORPAY_WEBHOOK_URL: `http://127.0.0.1:${ADMIN_PORT}/api/webhooks/razorpay`,
    },
  };
}

const chromium = { ...devices['Desktop Chrome'], channel: undefined };

/**
 * The two projects about controls before and after hydration (docs/architecture.md, "Controls
 * before and after hydration"): `first-paint-*.spec.ts` press controls while the page's scripts are
 * held back, `no-js-*.spec.ts` run with JavaScript disabled. Both use the public-site server.
 */
const FIRST_PAINT_SPECS = /first-paint-[\w-]+\.spec\.ts$/;
const NO_JS_SPECS = /no-js-[\w-]+\.spec\.ts$/;

/**
 * End-to-end tests against the production build served by the real server. The admin tests
 * (admin-*.spec.ts) change the catalogue, so they get a server and database of their own: the
 * public-site tests always see exactly the seeded content.
 */
export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // No retries: a test that fails only sometimes is a bug to find, not a retry to add.
  retries: 0,
  // The failure summary repeats why each test failed after the run's last line, where a CI log that
  // keeps only its tail still shows it (tests/e2e/failure-summary-reporter.ts).
  reporter: [[process.env.CI ? 'line' : 'list'], ['./tests/e2e/failure-summary-reporter.ts']],
  timeout: 30_000,
  // An assertion waits up to 10 s (Playwright's default is 5): CI runs on a 2-core machine shared by
  // two browsers, two servers and the database services, where a dialog that needs its options, its
  // code and a render after hydration once took longer than 5 s (a fresh-clone CI run). What a test
  // asserts is unchanged; only how long a slow machine may take to show it.
  expect: { timeout: 10_000 },
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'site', testIgnore: [/admin-[\w-]+\.spec\.ts$/, FIRST_PAINT_SPECS, NO_JS_SPECS], use: { ...chromium, baseURL: `http://127.0.0.1:${SITE_PORT}` } },
    // Every control pressed at the first paint, the page's scripts held back (tests/e2e/held-scripts.ts).
    { name: 'first-paint', testMatch: FIRST_PAINT_SPECS, use: { ...chromium, baseURL: `http://127.0.0.1:${SITE_PORT}` } },
    // The same pages with JavaScript off: every visible control leads somewhere that completes its task.
    { name: 'no-js', testMatch: NO_JS_SPECS, use: { ...chromium, javaScriptEnabled: false, baseURL: `http://127.0.0.1:${SITE_PORT}` } },
    // One admin spec at a time: they share one server, whose live updates (a toast, a revalidation)
    // reach every open admin page, so another spec's new inquiry could replace this spec's toast,
    // revalidate under its navigation or reset its open dialog (seen in fresh-clone CI runs).
    { name: 'admin', testMatch: /admin-[\w-]+\.spec\.ts$/, workers: 1, use: { ...chromium, baseURL: `http://127.0.0.1:${ADMIN_PORT}` } },
  ],
  webServer: [
    server(SITE_PORT),
    fakeRazorpay(),
    server(ADMIN_PORT, { ...RAZORPAY_TEST_KEYS, RAZORPAY_API_URL: `http://127.0.0.1:${FAKE_RAZORPAY_PORT}`, RAZORPAY_RECONCILE_INTERVAL_MS: '0' }),
  ],
});
