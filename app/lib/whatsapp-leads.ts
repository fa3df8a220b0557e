/**
 * WhatsApp leads (docs/decisions/049-whatsapp-leads.md): the public site's WhatsApp links go through
 * `/go/whatsapp`, which counts the click under a short reference code and redirects to wa.me with
 * the code in the prefilled text. This module has no server code: the public pages build their
 * links with `whatsappGoHref`, the redirect and the admin forms read codes with `normaliseLeadCode`.
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
 * The href of a WhatsApp link on the public site: `/go/whatsapp?item=package:<id>&from=<path>`.
 * `from` is the page's own path; the page's UTM tags reach the redirect in the Referer header (the
 * link sends it, same origin), so the HTML stays the same for every visitor and cacheable.
 */
export function whatsappGoHref({ item, from }: { item?: { type: WhatsappItemType; id: string }; from: string }): string {
  const query = new URLSearchParams();
  if (item) query.set('item', `${item.type}:${item.id}`);
  query.set('from', from);
  return `${WHATSAPP_GO_PATH}?${query.toString()}`;
}
