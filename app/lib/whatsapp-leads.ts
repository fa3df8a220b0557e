/**
 * WhatsApp leads (docs/decisions/049-whatsapp-leads.md): the public site's WhatsApp links go through
 * `/go/whatsapp`, which counts the click under a short reference code and redirects to wa.me with
 * the code in the prefilled text. This module has no server code: the public pages build their
 * links with `whatsappGoHref`, the redirect and the admin forms read codes with `normaliseLeadCode`,
 * the redirect reads the Referer with `refererSearchParams` and the site's script carries the
 * landing page's UTM tags to the links with `withLandingUtm`.
 */

/** The redirect's path (app/routes/go/whatsapp.ts). */
export const WHATSAPP_GO_PATH = '/go/whatsapp';

/**
 * The characters of a code: digits and capitals without 0/O, 1/I/L and U, so a code read aloud or
 * typed from a chat is not mistaken (Crockford's idea, fewer letters).
 */
export const LEAD_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters after 'WA-': 30^5 ≈ 24 million codes, so a clash (retried) stays rare for years. */
export const LEAD_CODE_LENGTH = 5;
/** A stored code: 'WA-7K3MQ'. */
export const LEAD_CODE_PATTERN = new RegExp(`^WA-[${LEAD_CODE_ALPHABET}]{${LEAD_CODE_LENGTH}}$`);

/** What a lead asks about; a link without an item (the chat bubble) records none. */
export const WHATSAPP_ITEM_TYPES = ['package', 'bike', 'car'] as const;
export type WhatsappItemType = (typeof WHATSAPP_ITEM_TYPES)[number];

/** The UTM tags a lead keeps, as the landing URL names them. */
export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** A new random code, 'WA-' and LEAD_CODE_LENGTH characters of LEAD_CODE_ALPHABET (uniform: 256 is rejected above 240). */
export function newLeadCode(random: (n: number) => Uint8Array = randomBytes): string {
  let out = '';
  while (out.length < LEAD_CODE_LENGTH) {
    for (const byte of random(LEAD_CODE_LENGTH * 2)) {
      if (byte >= 240 || out.length === LEAD_CODE_LENGTH) continue;
      out += LEAD_CODE_ALPHABET[byte % LEAD_CODE_ALPHABET.length];
    }
  }
  return `WA-${out}`;
}

function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

/**
 * A code as staff type it ('wa 7k3mq', 'WA-7K3MQ', '7k3mq', 'Ref: WA-7K3MQ') in its stored form, or
 * undefined when it cannot be one.
 */
export function normaliseLeadCode(input: string): string | undefined {
  const bare = input
    .trim()
    .toUpperCase()
    .replace(/^REF:?\s*/, '')
    .replace(/^WA[\s-]*/, '')
    .replace(/[\s-]/g, '');
  const code = `WA-${bare}`;
  return LEAD_CODE_PATTERN.test(code) ? code : undefined;
}

/** The line added to the prefilled text, which staff see in the chat: 'Ref: WA-7K3MQ'. */
export function leadReferenceLine(code: string): string {
  return `Ref: ${code}`;
}

/**
 * The fixed texts of the WhatsApp links that name no catalogue item, by topic: a link names its
 * topic (`topic=tours`), never its text, so nobody can put their own words into our number's chats
 * through the redirect. A rural destination's link is `homestay:<place>` (app/content/rural.ts,
 * resolved by the redirect). An unknown topic gets the general text.
 */
export const WHATSAPP_TOPIC_TEXTS = {
  general: "Hello! I'd like to plan a trip to Sikkim.",
  tours: "Hello! I'd like to know more about your tours.",
  'bike-rental': "Hello! I'd like to rent a bike in Gangtok.",
  'custom-tour': "Hello! I'd like help planning a custom Sikkim / Darjeeling tour.",
  'rural-homestay': "Hello! I'd like to plan a rural homestay trip in Sikkim.",
  'plan-trip': "Hello! I'd like to plan a trip.",
  'plan-tour': "Hello! I'd like to plan a tour.",
} as const;
export type WhatsappTopic = keyof typeof WHATSAPP_TOPIC_TEXTS | `homestay:${string}`;

/**
 * The href of a WhatsApp link on the public site: `/go/whatsapp?item=package:<id>&from=<path>`, or
 * `?topic=tours&from=<path>` for a link about no item. `from` is the page's own path. The UTM tags
 * are not in the HTML (it is the same for every visitor and cached): the site's script adds the
 * landing page's to the link when it is clicked (`withLandingUtm`), and without it the redirect reads
 * the page's own from the Referer header (same origin), docs/decisions/049-whatsapp-leads.md.
 */
export function whatsappGoHref({ item, topic, from }: { item?: { type: WhatsappItemType; id: string }; topic?: WhatsappTopic; from: string }): string {
  const query = new URLSearchParams();
  if (item) query.set('item', `${item.type}:${item.id}`);
  else if (topic && topic !== 'general') query.set('topic', topic);
  query.set('from', from);
  return `${WHATSAPP_GO_PATH}?${query.toString()}`;
}

/** The UTM tags of `params` (names as in UTM_PARAMS), raw; empty when there are none. */
export function utmParamsOf(params: URLSearchParams): [string, string][] {
  return UTM_PARAMS.flatMap((name) => {
    const value = params.get(name);
    return value ? [[name, value] as [string, string]] : [];
  });
}

/**
 * The query of the Referer when it is a page of this site (`hosts`: the request's host and
 * PUBLIC_URL's), else an empty one: a link followed from another site, a malformed or missing
 * Referer give no tags.
 */
export function refererSearchParams(referer: string | null | undefined, hosts: readonly string[]): URLSearchParams {
  if (!referer) return new URLSearchParams();
  try {
    const from = new URL(referer);
    if ((from.protocol !== 'https:' && from.protocol !== 'http:') || !hosts.includes(from.host)) return new URLSearchParams();
    return from.searchParams;
  } catch {
    return new URLSearchParams();
  }
}

/** sessionStorage key of the landing page's UTM tags (the site's script, app/lib/landing-utm.ts). */
export const LANDING_UTM_KEY = 'landing-utm';

/**
 * `href` (a /go/whatsapp link) with the landing page's UTM tags `utm` added, unless it carries
 * tags already (the link's own win). Other links are returned as they are.
 */
export function withLandingUtm(href: string, utm: readonly [string, string][], base: string): string {
  if (utm.length === 0) return href;
  const url = new URL(href, base);
  if (url.pathname !== WHATSAPP_GO_PATH || utmParamsOf(url.searchParams).length > 0) return href;
  for (const [name, value] of utm) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}
