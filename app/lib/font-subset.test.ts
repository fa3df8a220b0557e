import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { defaultSettings } from '~/schemas/settings';
import { seedBikes, seedCars, seedPackages } from '~/db/seed-data';
import { charactersOutsideFonts, FONT_CODE_POINTS } from './font-subset';

const APP = path.resolve(import.meta.dirname, '..');

/** Every string literal reachable from a value (objects, arrays), joined. */
const strings = (value: unknown): string => JSON.stringify(value);

describe('font subset (scripts/subset-fonts.ts)', () => {
  test('keeps the rupee sign, curly quotes, dashes and accented letters, and not other scripts', () => {
    expect(charactersOutsideFonts('₹4,500 – “Café” … Zürich © →')).toEqual([]);
    expect(charactersOutsideFonts('गंगटोक ★')).toEqual(['ग', 'ं', 'ट', 'ो', 'क', '★']);
    expect(FONT_CODE_POINTS).toContain('₹'.codePointAt(0));
  });

  test('the seeded catalogue and default settings need no glyph the fonts lack', () => {
    expect(charactersOutsideFonts(strings([seedPackages, seedBikes, seedCars, defaultSettings]))).toEqual([]);
  });

  test('the page texts in app/content and the route modules need no glyph the fonts lack', () => {
    // Every file below these folders, the routes' own +shared/ modules included.
    const filesIn = (folder: string) =>
      readdirSync(path.join(APP, folder), { recursive: true, encoding: 'utf8' })
        .map((f) => path.join(APP, folder, f))
        .filter((file) => statSync(file).isFile());
    const files = [...filesIn('content'), ...filesIn('routes/site')];
    const missing = files.flatMap((file) => charactersOutsideFonts(readFileSync(file, 'utf8')).map((c) => `${path.basename(file)}: ${c}`));
    expect(missing).toEqual([]);
  });
});
