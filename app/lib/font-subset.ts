/**
 * The characters the self-hosted fonts keep (scripts/subset-fonts.ts): printable ASCII, Latin-1
 * (accented names, ©, ·), en and em dashes, curly quotes, bullet, ellipsis, rupee sign, right arrow
 * and trade mark. Anything else falls back to the system font, glyph by glyph.
 */
const ranges: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2013, 0x2014],
  [0x2018, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x20b9, 0x20b9],
  [0x2122, 0x2122],
  [0x2192, 0x2192],
];

/** Every code point in the subset, ascending. */
export const FONT_CODE_POINTS: readonly number[] = ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));

const set = new Set(FONT_CODE_POINTS);

/** The characters of `text` that the fonts do not have (line breaks and tabs aside), each once. */
export function charactersOutsideFonts(text: string): string[] {
  const missing = new Set<string>();
  for (const char of text) if (!set.has(char.codePointAt(0)!) && !/\s/.test(char)) missing.add(char);
  return [...missing];
}
