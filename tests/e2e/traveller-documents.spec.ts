/**
 * The traveller fills in their travellers' permit documents on their own booking page, a page
 * without scripts (docs/decisions/050-permits-and-manifests.md, "Travellers and their documents"):
 * they open the link, see the permit status and the deadline, add two travellers (one Indian, one
 * foreign national), upload a passport-size photo and an ID scan for each, and the status becomes
 * "Documents complete". A refused form comes back with the field's message and the typed values;
 * the documents open only through the booking link, privately.
 *
 * Runs against a production server of its own (port E2E_PORT + 6) on a data folder prepared by
 * tests/support/seed-traveller-documents.ts (a North Sikkim package booking for two adults).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { projectRoot, startServer, type ServerProcess } from '../support/server-process';

const PORT = Number(process.env.E2E_PORT ?? 3210) + 6;
const SECRETS_KEY = 'ZTJlLW9ubHkta2V5LWZvci10b3RwLXNlY3JldHMhISE';

let server: ServerProcess;
let token: string;

test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'traveller-documents-'));
  const output = execFileSync(process.execPath, [path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'tests/support/seed-traveller-documents.ts'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'error', NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  token = (JSON.parse(output.trim().split('\n').at(-1)!) as { token: string }).token;
  server = await startServer({ port: PORT, dataDir, env: { LOG_LEVEL: 'error', SECRETS_KEY } });
});

test.afterAll(async () => {
  if (server) {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

/** A photo-like JPEG (a gradient with some noise), as a phone would send it. */
async function jpeg(name: string, width = 480, height = 600) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = ((i / 3) % width) * 0.4 + ((i * 7) % 97);
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

test('a traveller adds two travellers with their photos and ID scans; the permit documents become complete', async ({ page }) => {
  test.setTimeout(120_000);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const pageUrl = `${server.url}/booking/${token}`;
  await page.goto(pageUrl);
  const section = page.getByRole('region', { name: 'Travellers and permit documents' });
  await expect(section).toBeVisible();
  await expect(section.getByTestId('permit-status')).toHaveText('Documents missing');
  await expect(section.getByText('Documents due by')).toBeVisible();
  await expect(section.getByText('2 travellers for this booking')).toBeVisible();

  // A date of birth in the future: the page comes back with the message and what was typed.
  let form = page.getByRole('form', { name: 'Add a traveller' });
  await form.getByLabel('Full name as on the ID').fill('Asha Rai');
  await form.getByLabel('Gender').selectOption('female');
  await form.getByLabel('Date of birth').fill('2099-04-12');
  await form.getByLabel('Nationality').fill('IN');
  await form.getByLabel('ID document').selectOption({ label: 'Voter ID' });
  await form.getByLabel('ID number', { exact: true }).fill('ABC1234567');
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    form.getByRole('button', { name: 'Add traveller' }).click(),
  ]);
  expect(refused.status()).toBe(400);
  form = page.getByRole('form', { name: 'Add a traveller' });
  await expect(form.getByText('The date of birth cannot be in the future')).toBeVisible();
  await expect(form.getByLabel('Full name as on the ID')).toHaveValue('Asha Rai');

  await form.getByLabel('Date of birth').fill('1990-04-12');
  await form.getByRole('button', { name: 'Add traveller' }).click();
  await expect(page.getByRole('status')).toHaveText('Traveller added');
  await expect(page.getByRole('listitem', { name: 'Traveller 1: Asha Rai' })).toBeVisible();

  await page.getByText('Add a traveller', { exact: true }).click(); // opens the <details>
  form = page.getByRole('form', { name: 'Add a traveller' });
  await form.getByLabel('Full name as on the ID').fill('Hans Müller');
  await form.getByLabel('Gender').selectOption('male');
  await form.getByLabel('Date of birth').fill('1985-01-30');
  await form.getByLabel('Nationality').fill('DE');
  await form.getByLabel('Passport number').fill('C01X00T47');
  await form.getByLabel('Visa number').fill('VN998877');
  await form.getByRole('button', { name: 'Add traveller' }).click();
  await expect(page.getByRole('listitem', { name: 'Traveller 2: Hans Müller' })).toBeVisible();

  for (const name of ['Asha Rai', 'Hans Müller']) {
    for (const [formName, button] of [
      [`Passport-size photo of ${name}`, 'Upload photo'],
      [`ID scan of ${name}`, 'Upload ID scan'],
    ] as const) {
      const upload = page.getByRole('form', { name: formName });
      await upload.locator('input[type="file"]').setInputFiles(await jpeg(`${formName}.jpg`));
      await upload.getByRole('button', { name: button }).click();
      await expect(page.getByRole('status')).toHaveText(/uploaded$/);
    }
  }

  await expect(page.getByTestId('permit-status')).toHaveText('Documents complete');
  const asha = page.getByRole('listitem', { name: 'Traveller 1: Asha Rai' });
  await expect(asha.getByText('Complete', { exact: true })).toBeVisible();
  const photo = asha.getByRole('img', { name: 'Passport-size photo of Asha Rai' });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // The photo through the link: a private, inline JPEG; not with a wrong token.
  const src = await photo.getAttribute('src');
  const response = await page.request.get(`${server.url}${src}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/jpeg');
  // The route's own `private, no-store`, after the server's `no-store` for every /booking/<token> address.
  expect(response.headers()['cache-control']?.split(/,\s*/)).toEqual(expect.arrayContaining(['private', 'no-store']));
  expect(response.headers()['cache-control']).not.toMatch(/public|max-age/);
  expect(response.headers()['content-disposition']).toMatch(/^inline/);
  const size = (await response.body()).length;
  expect(size).toBeGreaterThanOrEqual(10 * 1024);
  expect(size).toBeLessThanOrEqual(100 * 1024);
  const wrong = await page.request.get(`${server.url}${src!.replace(token, 'A'.repeat(43))}`);
  expect(wrong.status()).toBe(404);

  expect(scripts).toEqual([]);

  // Accessible at phone and desktop widths, with a form's errors showing and the details open.
  await page.getByText("Edit Asha Rai's details").click();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});
