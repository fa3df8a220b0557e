/**
 * Shared steps of the Content-Security-Policy end-to-end tests (docs/decisions/038-security-headers.md):
 * record every CSP violation a page reports, wait for hydration, and read a policy header.
 */
import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** Console texts Chromium prints when the CSP blocks something. */
const CSP_MESSAGE = /Content Security Policy|Refused to/i;

type ViolationWindow = { __cspViolations?: string[] };

/**
 * Start recording CSP violations of `page` (call before the first navigation): the browser's
 * console messages about the policy, uncaught page errors, and `securitypolicyviolation` events,
 * which an init script (run by the browser outside the page's policy) keeps on `window`.
 * `expectClean` fails with every violation seen so far, with directive and blocked resource.
 */
export async function watchCsp(page: Page) {
  const seen: string[] = [];
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        w.__cspViolations.push(
          `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} in ${event.documentURI} at ${event.sourceFile || '?'}:${event.lineNumber} sample=${JSON.stringify(event.sample)}`,
        );
      },
      true,
    );
  });
  page.on('console', (message) => {
    if (CSP_MESSAGE.test(message.text())) seen.push(`console ${message.type()} on ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`page error on ${page.url()}: ${error.message}`));
  return {
    seen,
    /** The violations the current document recorded (events) plus console and page errors so far. */
    async all(): Promise<string[]> {
      const events = await page.evaluate(() => (window as unknown as ViolationWindow).__cspViolations ?? ['(violation recorder missing)']);
      return [...seen, ...events];
    },
    /** Fail (or, with `soft`, record a failure and go on) when any violation was seen; then start afresh. */
    async expectClean({ soft = false }: { soft?: boolean } = {}): Promise<void> {
      const found = await this.all();
      seen.length = 0;
      // A client-side navigation keeps the window: what was reported is not reported again.
      await page.evaluate(() => {
        const w = window as unknown as ViolationWindow;
        if (w.__cspViolations) w.__cspViolations.length = 0;
      });
      (soft ? expect.soft : expect)(found, `CSP violations on ${page.url()}`).toEqual([]);
    },
  };
}

/**
 * Wait until React Router has hydrated the document (its module scripts ran) and the page has
 * loaded; with `networkIdle` (default) also until the network is quiet. Admin pages keep a live
 * EventSource open (app/components/admin/live-updates.tsx), so they are never network-idle.
 */
export async function hydrated(page: Page, { networkIdle = true }: { networkIdle?: boolean } = {}): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  await page.waitForLoadState(networkIdle ? 'networkidle' : 'load');
}

/** A Content-Security-Policy header as directive → sources. */
export function parseCsp(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

/** The `'sha256-…'` source a browser computes for an inline script's exact text. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Every `<script>` element of an HTML document: its attributes and text. */
export function scriptsOf(html: string): { attributes: string; text: string; inline: boolean }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({
    attributes: m[1] ?? '',
    text: m[2] ?? '',
    inline: !/\ssrc\s*=/.test(m[1] ?? ''),
  }));
}

/** A short id no other test (or run) uses. */
export function uid(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** `path` with one more query parameter. */
export function withQuery(path: string, name: string, value: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}
