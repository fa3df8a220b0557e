/**
 * The nationalities a traveller can choose (ISO 3166-1 alpha-2 codes with their English names),
 * from the runtime's own region names (Intl.DisplayNames), India first. Codes that name no country
 * (European Union, United Nations, Unknown Region, outlying territories' reserved codes...) are left out.
 */
const NOT_COUNTRIES = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'ZZ']);

let cached: { code: string; name: string }[] | undefined;

/** Every country as `{ code, name }`, India first, then by name. */
export function countryOptions(): { code: string; name: string }[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const list: { code: string; name: string }[] = [];
  for (const a of letters) {
    for (const b of letters) {
      const code = a + b;
      const name = names.of(code);
      if (name && name !== code && !NOT_COUNTRIES.has(code)) list.push({ code, name });
    }
  }
  list.sort((x, y) => (x.code === 'IN' ? -1 : y.code === 'IN' ? 1 : x.name.localeCompare(y.name)));
  cached = list;
  return list;
}

/** A nationality's name ('IN' → 'India'), or the code itself when unknown. */
export function countryName(code: string): string {
  return countryOptions().find((c) => c.code === code)?.name ?? code;
}
