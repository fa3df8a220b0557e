/**
 * npm run fonts:subset : writes the two web fonts the site serves (app/assets/fonts/) from the
 * @fontsource-variable packages, cut down to what the pages use (docs/decisions/002-page-weight.md:
 * subset and preload only what the first view needs):
 *
 * - Inter (text): Latin-1, the typographic punctuation and the rupee sign; weight axis kept from
 *   400 to 700 (the weights the CSS uses); stylistic alternates dropped, kerning and tabular figures kept.
 * - Fraunces (headings): the same characters, fixed at weight 600, the only weight headings use.
 *
 * About 38 KB together instead of 85 KB. Characters outside the set (a name typed in another script,
 * say) are drawn by the system font. Run again after upgrading a @fontsource package; the output is
 * committed so that a build needs no font tools.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import { FONT_CODE_POINTS } from '~/lib/font-subset';

const require = createRequire(import.meta.url);
const OUT_DIR = path.resolve(import.meta.dirname, '../app/assets/fonts');

const fonts = [
  {
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    output: 'inter-latin-400-700.woff2',
    axes: { wght: { min: 400, max: 700 } },
  },
  {
    source: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    output: 'fraunces-latin-600.woff2',
    axes: { wght: 600 },
  },
] as const;

const text = String.fromCodePoint(...FONT_CODE_POINTS);

for (const font of fonts) {
  const source = await readFile(require.resolve(font.source));
  const subset = await subsetFont(source, text, {
    targetFormat: 'woff2',
    // Keep only glyphs for the characters themselves (no alternates reachable through features).
    noLayoutClosure: true,
    variationAxes: font.axes,
  });
  await writeFile(path.join(OUT_DIR, font.output), subset);
  console.log(`${font.output}: ${(source.length / 1024).toFixed(1)} KB -> ${(subset.length / 1024).toFixed(1)} KB`);
}
