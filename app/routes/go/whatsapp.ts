/**
 * GET /go/whatsapp?item=package:<id>&from=<path> (or ?topic=<name>&from=<path>): every WhatsApp link of the public site
 * (docs/decisions/049-whatsapp-leads.md). Counts the click as a lead under a short code, puts
 * 'Ref: WA-7K3MQ' into the prefilled text and answers 302 to wa.me. UTM tags come from the query
 * (utm_*: the landing page's, added by the site's script, app/lib/landing-utm.ts) or else from the
 * linking page's address in the Referer (same host only). A link about no item names a topic, one
 * of a fixed set of texts (`topicText`), so the query cannot put words into our chats.
 *
 * Not counted, still redirected: link-preview fetchers and crawlers (`isbot`, and a missing user
 * agent), prefetches (`Sec-Purpose`/`Purpose`/`X-Moz: prefetch`) and HEAD. A query that does not
 * parse, or an item that does not exist, redirects to the plain number without text and stores
 * nothing; a failing database does the same (logged), never a 500. Every answer is `no-store`,
 * `no-referrer` (the page's address stays here) and `noindex`; /go/ is never a page cache candidate
 * (app/lib/page-cache.server.ts).
 */
import { isbot } from 'isbot';
import { z } from 'zod';
import { env } from '~/lib/env.server';
import { logger } from '~/lib/logger.server';
import { whatsappItemText, whatsappLink } from '~/lib/whatsapp';
import { ruralDestinations } from '~/content/rural';
import { leadReferenceLine, refererSearchParams, UTM_PARAMS, WHATSAPP_ITEM_TYPES, WHATSAPP_TOPIC_TEXTS } from '~/lib/whatsapp-leads';
import { getPublicSettings } from '~/models/settings.server';
import { recordWhatsappLead, whatsappItemName, type LeadUtm } from '~/models/whatsapp-leads.server';
import type { Route } from './+types/whatsapp';

/** The text of a link without an item or topic (the chat bubble). */
export const GENERAL_WHATSAPP_TEXT = WHATSAPP_TOPIC_TEXTS.general;

/**
 * The fixed text of a topic (`WHATSAPP_TOPIC_TEXTS`, or `homestay:<place>` of a rural destination),
 * undefined for anything else.
 */
export function topicText(topic: string): string | undefined {
  if (Object.hasOwn(WHATSAPP_TOPIC_TEXTS, topic)) return WHATSAPP_TOPIC_TEXTS[topic as keyof typeof WHATSAPP_TOPIC_TEXTS];
  const place = topic.startsWith('homestay:') ? ruralDestinations.find((d) => d.name === topic.slice('homestay:'.length)) : undefined;
  return place ? `Hello! I'd like to know more about a homestay in ${place.name}.` : undefined;
}

const UUID = z.uuid();

/** A path of this site: one leading slash, printable, no query or fragment. */
const sitePath = z
  .string()
  .max(300)
  .regex(/^\/(?!\/)[^\s?#\\]*$/);

/** The query of a link (app/lib/whatsapp-leads.ts, `whatsappGoHref`). */
const goQuery = z.object({
  item: z
    .string()
    .max(80)
    .transform((value, ctx) => {
      const [type, id, ...rest] = value.split(':');
      const kind = WHATSAPP_ITEM_TYPES.find((t) => t === type);
      if (!kind || !id || rest.length > 0 || !UUID.safeParse(id).success) {
        ctx.addIssue({ code: 'custom', message: 'item is type:uuid' });
        return z.NEVER;
      }
      return { type: kind, id: id.toLowerCase() };
    })
    .optional(),
  /** A fixed text's name (`topicText`); an unknown one is the general text. Ignored with an item. */
  topic: z.string().max(80).optional(),
  from: sitePath,
});

/** One UTM value: printable, trimmed, at most 100 characters; anything else is left out. */
const utmValue = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\p{Cc}]*$/u);

const utmKeys = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
} as const satisfies Record<(typeof UTM_PARAMS)[number], keyof LeadUtm>;

/** The UTM tags of a query; invalid ones are dropped, not the click. */
function utmOf(params: URLSearchParams): LeadUtm {
  const out: LeadUtm = {};
  for (const name of UTM_PARAMS) {
    const parsed = utmValue.safeParse(params.get(name) ?? undefined);
    if (parsed.success) out[utmKeys[name]] = parsed.data;
  }
  return out;
}

/** The Referer's query, when the Referer is a page of this site (its host or PUBLIC_URL's). */
function refererParams(request: Request): URLSearchParams {
  return refererSearchParams(request.headers.get('referer'), [new URL(request.url).host, new URL(env().PUBLIC_URL).host]);
}

const PREFETCH = /(?:^|[\s,;])prefetch(?:$|[\s,;])/i;

/** True for a request that is not a person's click: a bot or link preview, a prefetch, a HEAD. */
export function notAClick(request: Request): boolean {
  if (request.method !== 'GET') return true;
  const h = request.headers;
  if ([h.get('sec-purpose'), h.get('purpose'), h.get('x-moz'), h.get('x-purpose')].some((v) => v !== null && PREFETCH.test(v))) return true;
  const agent = h.get('user-agent') ?? '';
  return agent.trim() === '' || isbot(agent);
}

const HEADERS = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
};

function redirectTo(location: string): Response {
  return new Response(null, { status: 302, headers: { ...HEADERS, Location: location } });
}

export async function loader({ request }: Route.LoaderArgs) {
  let number: string;
  try {
    number = (await getPublicSettings(['company'])).company.whatsappNumber;
  } catch (error) {
    logger.error({ err: error }, 'the WhatsApp redirect could not read the settings');
    return redirectTo('/contact');
  }
  const plain = whatsappLink(number);
  const params = new URL(request.url).searchParams;
  const parsed = goQuery.safeParse({ item: params.get('item') ?? undefined, topic: params.get('topic') ?? undefined, from: params.get('from') ?? undefined });
  if (!parsed.success) return redirectTo(plain);
  const { item, topic, from } = parsed.data;
  try {
    const name = item ? await whatsappItemName(item.type, item.id) : undefined;
    if (item && name === undefined) return redirectTo(plain);
    const base =
      item && name !== undefined
        ? whatsappItemText({ type: item.type, name, url: `${env().PUBLIC_URL}${from}` })
        : ((topic ? topicText(topic) : undefined) ?? GENERAL_WHATSAPP_TEXT);
    if (notAClick(request)) return redirectTo(whatsappLink(number, base));
    const fromQuery = utmOf(params);
    const utm = Object.keys(fromQuery).length > 0 ? fromQuery : utmOf(refererParams(request));
    const code = await recordWhatsappLead({ pagePath: from, item: item && name !== undefined ? { ...item, name } : undefined, ...utm });
    return redirectTo(whatsappLink(number, `${base}\n${leadReferenceLine(code)}`));
  } catch (error) {
    logger.error({ err: error }, 'the WhatsApp redirect could not record a lead');
    return redirectTo(plain);
  }
}
