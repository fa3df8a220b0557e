/**
 * No admin code reaches a public page's JavaScript (docs/decisions/002-page-weight.md): every script a
 * public page can load, first load or later on intent, is free of texts that only the back office
 * has. Reads the production build the e2e server runs (BUILD_DIR).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { publicBundles } from '../../bench/public-js.mjs';

const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

/** Texts that exist only in admin modules. */
const ADMIN_MARKERS = ['Admin Login', 'Add New Car', 'Add New Bike', 'Add New Package', 'Are you sure you want to delete', 'Data refreshed successfully', '/api/uploads', '/admin/logout'];

test('no public page can load a script that contains admin code', () => {
  const pages = publicBundles(BUILD_DIR);
  expect(pages.map((p) => p.id)).toContain('routes/site/home');
  for (const page of pages) {
    for (const url of page.reachable) {
      const text = readFileSync(path.join(BUILD_DIR, 'client', url), 'utf8');
      const found = ADMIN_MARKERS.filter((marker) => text.includes(marker));
      expect(found, `${page.id} can load ${url}, which contains admin code`).toEqual([]);
    }
  }
});
