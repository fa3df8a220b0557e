/**
 * Every admin page, at phone and desktop width, has unique ids and form controls named by their
 * visible labels (docs/decisions/012-seo-and-accessibility.md): a duplicated id sent the Title
 * label of /admin/location to the form's heading, so a screen reader read the field by its
 * placeholder and `getByLabel('Title')` found nothing.
 *
 * For each page: (a) no id appears twice in the DOM; (b) every visible <label> points at exactly
 * one element, a form control, and every visible control (input except hidden, select, textarea)
 * with a visible label has that label's visible words in its accessible name, as the browser
 * computes it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createBooking, createRecord, signIn, uniqueTag } from './admin-helpers';

type LabelProblem = string;

/** Ids used more than once, and labels that do not point at one labelable control. */
async function idAndLabelProblems(page: Page): Promise<{ duplicates: string[]; labels: LabelProblem[]; checks: { mark: string; words: string }[] }> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      return el.getClientRects().length > 0 && style.visibility !== 'hidden';
    };
    const counts = new Map<string, number>();
    for (const el of document.querySelectorAll('[id]')) counts.set(el.id, (counts.get(el.id) ?? 0) + 1);
    const duplicates = [...counts].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);

    /** The words a sighted person reads on the label (no screen-reader-only or hidden parts). */
    const visibleWords = (label: HTMLLabelElement) => label.innerText.replace(/\*/g, '').replace(/\s+/g, ' ').trim();
    const isControl = (el: Element | null): el is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
      (el instanceof HTMLInputElement && el.type !== 'hidden') || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

    const labels: string[] = [];
    const checks: { mark: string; words: string }[] = [];
    let n = 0;
    for (const label of document.querySelectorAll('label')) {
      if (!visible(label)) continue;
      const words = visibleWords(label);
      let control: Element | null;
      if (label.htmlFor) {
        const targets = document.querySelectorAll(`[id="${CSS.escape(label.htmlFor)}"]`);
        if (targets.length !== 1) {
          labels.push(`label "${words}" for=${label.htmlFor} matches ${targets.length} elements`);
          continue;
        }
        control = targets[0]!;
        if (!control.matches('input, select, textarea, button, meter, output, progress')) {
          labels.push(`label "${words}" for=${label.htmlFor} points at a <${control.tagName.toLowerCase()}>`);
          continue;
        }
      } else {
        control = label.querySelector('input, select, textarea');
      }
      if (!isControl(control) || !visible(control) || !words) continue;
      const mark = `l${n++}`;
      control.setAttribute('data-label-check', mark);
      checks.push({ mark, words });
    }
    return { duplicates, labels, checks };
  });
}

async function expectUniqueIdsAndLabelledControls(page: Page, path: string) {
  const { duplicates, labels, checks } = await idAndLabelProblems(page);
  expect(duplicates, `duplicate ids on ${path}`).toEqual([]);
  expect(labels, `labels on ${path}`).toEqual([]);
  for (const { mark, words } of checks) {
    const control = page.locator(`[data-label-check="${mark}"]`);
    if (!(await control.isVisible())) continue;
    const escaped = words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(control, `the control labelled "${words}" on ${path}`).toHaveAccessibleName(new RegExp(escaped, 'i'));
  }
}

for (const width of [390, 1280]) {
  test(`every admin page has unique ids and controls named by their labels at ${width} px`, async ({ browser, request, baseURL }) => {
    test.setTimeout(180_000);
    const tag = uniqueTag();
    const [packageId, bikeId, carId, bookingId] = await Promise.all([
      createRecord(request, 'packages', `Labels package ${tag}`),
      createRecord(request, 'bikes', `Labels bike ${tag}`),
      createRecord(request, 'cars', `Labels car ${tag}`),
      createBooking(request, `Labels booking ${tag}`),
    ]);
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page);
    const pages = [
      '/admin',
      '/admin/packages',
      '/admin/packages/new',
      `/admin/packages/edit/${packageId}`,
      '/admin/bikes',
      '/admin/bikes/new',
      `/admin/bikes/edit/${bikeId}`,
      '/admin/cars',
      '/admin/cars/new',
      `/admin/cars/edit/${carId}`,
      '/admin/bookings',
      `/admin/bookings/${bookingId}`,
      '/admin/inquiries',
      '/admin/location',
      '/admin/settings',
      '/admin/outbox',
      '/admin/audit',
      '/admin/profile',
      '/admin/staff',
    ];
    for (const path of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      // Hydrated and settled (editor tabs hide their other panels once scripts run).
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
      await page.waitForLoadState('networkidle');
      await expectUniqueIdsAndLabelledControls(page, path);
    }
    // The field of the report: the location form's Title, found by its label.
    await page.goto('/admin/location');
    await expect(page.getByLabel('Title', { exact: true })).toBeVisible();
    await context.close();
  });
}
