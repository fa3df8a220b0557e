/**
 * Custom map embeds of the map settings (docs/decisions/010-maps-video-images.md#maps). Kept free
 * of zod and of any HTML library so the public map component can use it in the browser for a few
 * hundred bytes.
 *
 * No HTML parser is installed, so the pasted code is read by a strict whitelist tokenizer instead:
 * it must be exactly one `<iframe ...></iframe>` (whitespace around it allowed, nothing else), made
 * only of attributes from a short list, with an https `src` on an allowed map host and path. What is
 * kept is that `src`, normalised by the WHATWG URL parser (the same one browsers use); the markup
 * stored and shown is re-emitted by `mapEmbedHtml` with our own fixed attributes, never the pasted
 * text. Anything the tokenizer does not understand is refused, not repaired.
 */

/**
 * Hosts whose https iframes may be pasted as a custom map embed
 * (docs/decisions/010-maps-video-images.md#maps).
 */
export const ALLOWED_MAP_HOSTS = ['www.openstreetmap.org', 'openstreetmap.org', 'www.google.com', 'maps.google.com', 'www.bing.com'] as const;

/** The paths each allowed host serves its embeddable maps from (prefix match on the URL's path). */
export const MAP_EMBED_PATHS: Record<(typeof ALLOWED_MAP_HOSTS)[number], string> = {
  'www.openstreetmap.org': '/export/embed.html',
  'openstreetmap.org': '/export/embed.html',
  'www.google.com': '/maps',
  'maps.google.com': '/maps',
  'www.bing.com': '/maps',
};

/**
 * Attributes the map services put on their iframes. They are accepted in the pasted code and then
 * dropped (only `src` is kept); any other attribute is refused.
 */
const HARMLESS_ATTRIBUTES = new Set([
  'src',
  'width',
  'height',
  'style',
  'frameborder',
  'allowfullscreen',
  'loading',
  'referrerpolicy',
  'title',
  'scrolling',
  'marginheight',
  'marginwidth',
  'aria-hidden',
  'tabindex',
  'class',
  'id',
  'name',
  'allow',
]);

/** Longest embed code read (the map setting's limit). */
export const MAX_EMBED_LENGTH = 2000;

export type MapEmbedResult = { ok: true; src: string; html: string } | { ok: false; error: string };

const fail = (error: string): MapEmbedResult => ({ ok: false, error });

/** One attribute of the tag: its lower-cased name and its raw (undecoded) value, or null without one. */
type RawAttribute = { name: string; value: string | null };

/** HTML's whitespace between attributes (ASCII only, as in the HTML tokenizer). */
const WS = '[\\t\\n\\f\\r ]';
const NAME = '[a-z][a-z0-9:-]*';
const VALUE = `"[^"]*"|'[^']*'|[^\\t\\n\\f\\r "'=<>\`]+`;
/**
 * The whole code as one empty iframe: `<iframe`, attributes each after whitespace, an optional `/`,
 * `>`, then `</iframe>` with only whitespace between. Names are letters, digits, `-` and `:`;
 * values are double-quoted, single-quoted or unquoted (no quotes, `=`, `<`, `>` or backticks).
 */
const TAG = new RegExp(`^<iframe((?:${WS}+${NAME}(?:${WS}*=${WS}*(?:${VALUE}))?)*)${WS}*/?>${WS}*</iframe${WS}*>$`, 'i');
const ATTRIBUTE = new RegExp(`${WS}+(${NAME})(?:${WS}*=${WS}*(${VALUE}))?`, 'giy');

function readAttributes(source: string): RawAttribute[] {
  const out: RawAttribute[] = [];
  ATTRIBUTE.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = ATTRIBUTE.exec(source)) !== null) {
    const raw = match[2];
    const value = raw === undefined ? null : raw.startsWith('"') || raw.startsWith("'") ? raw.slice(1, -1) : raw;
    out.push({ name: match[1]!.toLowerCase(), value });
  }
  return out;
}

/** Why a code that is not one plain iframe was refused, in words for the admin. */
function describeShape(code: string): string {
  const lower = code.toLowerCase();
  if (/<\s*\/?\s*script\b/.test(lower)) return 'Scripts are not allowed in the embed code';
  if (lower.includes('<!--') || lower.includes('<![cdata[') || lower.includes('<!') || lower.includes('<?')) {
    return 'Comments, CDATA sections and other markup are not allowed in the embed code';
  }
  const iframes = lower.match(/<\s*iframe\b/g)?.length ?? 0;
  if (iframes === 0) return 'Paste a single <iframe> embed code';
  if (iframes > 1) return 'Paste only one <iframe>';
  if (!/^<iframe\b/.test(lower) || !/<\/iframe\s*>$/.test(lower)) {
    return 'Paste only the <iframe ...></iframe> part: remove anything before or after it';
  }
  if (/<\/iframe\s*>[\s\S]*<\/iframe\s*>$/.test(lower) || />[^<]*\S[^<]*<\/iframe\s*>$/.test(lower)) {
    return 'The iframe must be empty: nothing between <iframe ...> and </iframe>';
  }
  return 'The embed code is not a plain <iframe> tag (check its quotes and attributes)';
}

/**
 * The `src` value with its character references decoded. Only `&amp;` may appear (the map services
 * write `&amp;` between query parameters); any other reference, named or numeric, is refused, since
 * they are how filters are usually fooled (`&#106;avascript:`, `https&colon;//`).
 */
function decodeSrc(value: string): string | null {
  const withoutAmp = value.replace(/&amp;/gi, '');
  if (/&(#|[a-z][a-z0-9]*;)/i.test(withoutAmp)) return null;
  return value.replace(/&amp;/gi, '&');
}

/** HTML-escape a value for a double-quoted attribute. */
function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * Our own iframe markup for an accepted map `src` (what is stored as the embed code): only `src`,
 * a fixed size, no border, lazy loading and a referrer policy.
 */
export function mapEmbedHtml(src: string): string {
  return `<iframe src="${escapeAttribute(src)}" width="600" height="450" style="border:0" loading="lazy" referrerpolicy="no-referrer-when-downgrade" allowfullscreen></iframe>`;
}

/**
 * Check a pasted map embed code (docs/decisions/010-maps-video-images.md#maps). Accepts exactly
 * one `<iframe ...></iframe>` (tag and attribute names in any case, whitespace around it) whose
 * attributes are all on the harmless list and whose `src` is an absolute https URL, without user
 * name, password or port, on an allowed map host and path. Returns the normalised `src` and our
 * re-emitted markup, or `{ ok: false, error }` with a message for the admin. An empty code is not
 * an embed: the caller treats '' as "use the OpenStreetMap map".
 */
export function parseMapEmbed(code: string): MapEmbedResult {
  if (code.length > MAX_EMBED_LENGTH) return fail(`The embed code is too long (at most ${MAX_EMBED_LENGTH} characters)`);
  // Control characters (other than tab, line feed and carriage return) have no place in an embed.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(code)) return fail('The embed code contains control characters');
  if (/<[\t\n\f\r ]*\/?[\t\n\f\r ]*script/i.test(code)) return fail('Scripts are not allowed in the embed code');
  const trimmed = code.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
  const tag = TAG.exec(trimmed);
  if (!tag) return fail(describeShape(trimmed));

  const attributes = readAttributes(tag[1] ?? '');
  const seen = new Set<string>();
  for (const { name, value } of attributes) {
    if (name.startsWith('on')) return fail(`Event handler attributes such as ${name} are not allowed`);
    if (name === 'srcdoc') return fail('The srcdoc attribute is not allowed');
    if (!HARMLESS_ATTRIBUTES.has(name)) return fail(`The attribute ${name} is not allowed in a map embed`);
    if (seen.has(name)) return fail(`The attribute ${name} appears twice`);
    if (value !== null && /[<>]/.test(value)) return fail('Attribute values may not contain < or >');
    seen.add(name);
  }
  const rawSrc = attributes.find((a) => a.name === 'src')?.value;
  if (!rawSrc) return fail('The iframe has no src');

  const decoded = decodeSrc(rawSrc);
  if (decoded === null) return fail('The map address may not contain character references other than &amp;');
  // Browsers drop tabs and line breaks inside URLs, which hides `java\nscript:`; refuse any whitespace.
  if (/\s/.test(decoded)) return fail('The map address may not contain spaces or line breaks');
  if (!/^https:\/\//i.test(decoded)) return fail('The map address must start with https://');

  let url: URL;
  try {
    url = new URL(decoded);
  } catch {
    return fail('The map address is not a valid URL');
  }
  if (url.protocol !== 'https:') return fail('The map address must start with https://');
  if (url.username || url.password) return fail('The map address may not contain a user name or password (user@host)');
  if (url.port) return fail('The map address may not name a port');
  const host = url.hostname as (typeof ALLOWED_MAP_HOSTS)[number];
  if (!(ALLOWED_MAP_HOSTS as readonly string[]).includes(host)) {
    return fail(`Map host not allowed: ${url.hostname}. Use a map from ${ALLOWED_MAP_HOSTS.join(', ')}`);
  }
  const path = MAP_EMBED_PATHS[host];
  const pathAllowed = url.pathname === path || (!path.endsWith('.html') && url.pathname.startsWith(`${path}/`));
  if (!pathAllowed) {
    return fail(`Only map embeds are allowed from ${host} (the address must start with https://${host}${path})`);
  }
  const src = url.href;
  return { ok: true, src, html: mapEmbedHtml(src) };
}
