/**
 * Razorpay's REST API, called with `fetch` (docs/decisions/046-payments.md#razorpay): payment links
 * (create, fetch, cancel), payments (fetch) and refunds (create, fetch), with HTTP Basic auth
 * (key id : key secret), a timeout on every call, answers checked with zod, and errors that say
 * what Razorpay said. Amounts are integer paise, currency INR.
 *
 * Why not the `razorpay` npm package: it adds axios for six calls, and its signature checks compare
 * with `===`; this module checks signatures with the same HMAC-SHA256 as the package's
 * `validatePaymentVerification` / `validateWebhookSignature` (razorpay-node lib/utils/razorpay-utils.js),
 * compared in constant time. RAZORPAY_API_URL points the calls at the tests' local fake
 * (tests/support/fake-razorpay.ts).
 *
 * Pages followed: https://razorpay.com/docs/api/payments/payment-links/ (create-standard, fetch-id,
 * cancel), https://razorpay.com/docs/payments/payment-links/apis/ (callback_url parameters and their
 * signature), https://razorpay.com/docs/api/payments/fetch-with-id/,
 * https://razorpay.com/docs/api/refunds/create-normal/, https://razorpay.com/docs/api/refunds/fetch-with-id/,
 * https://razorpay.com/docs/api/refunds/normal-refunds-idempotent/ (X-Refund-Idempotency),
 * https://razorpay.com/docs/api/understand-error-codes/ (the `{error: {code, description}}` answer).
 */
import { z } from 'zod';
import { env } from '~/lib/env.server';
import { validRazorpaySignature } from '~/lib/razorpay-signature.server';

/** The keys and address of Razorpay's API, or null when online payment is off. */
export type RazorpayConfig = { keyId: string; keySecret: string; webhookSecret: string | null; apiUrl: string };

/** Longest wait for one Razorpay call (ms). */
export const RAZORPAY_TIMEOUT_MS = 10_000;

/** Razorpay's configuration from the environment (RAZORPAY_KEY_ID / _KEY_SECRET / _WEBHOOK_SECRET / _API_URL), or null without keys. */
export function razorpayConfig(): RazorpayConfig | null {
  const config = env();
  if (!config.RAZORPAY_KEY_ID || !config.RAZORPAY_KEY_SECRET) return null;
  return {
    keyId: config.RAZORPAY_KEY_ID,
    keySecret: config.RAZORPAY_KEY_SECRET,
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? null,
    apiUrl: config.RAZORPAY_API_URL.replace(/\/+$/, ''),
  };
}

/** Whether online payment is on: both API keys are set. */
export function razorpayConfigured(): boolean {
  return razorpayConfig() !== null;
}

/**
 * A Razorpay call that failed: `status` is the HTTP status (0 when Razorpay could not be reached or
 * did not answer in time), `code` and `description` Razorpay's own (`BAD_REQUEST_ERROR`, "The
 * amount must be at least INR 1.00"), `field` the request field it names, if any.
 */
export class RazorpayError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'RazorpayError';
  }
}

/** Thrown by a call made while Razorpay is not configured. */
export class RazorpayNotConfigured extends Error {
  constructor() {
    super('Razorpay is not configured: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
    this.name = 'RazorpayNotConfigured';
  }
}

const paise = z.number().int().nonnegative();
const notes = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish();

/** A payment link (https://razorpay.com/docs/api/payments/payment-links/fetch-id/); fields this site does not read are kept. */
export const paymentLinkSchema = z.looseObject({
  id: z.string().min(1),
  amount: paise,
  amount_paid: paise.default(0),
  currency: z.string(),
  status: z.enum(['created', 'partially_paid', 'expired', 'cancelled', 'paid']),
  reference_id: z.string().nullish(),
  short_url: z.url({ protocol: /^https?$/ }),
  description: z.string().nullish(),
  payments: z.array(z.looseObject({ payment_id: z.string(), amount: paise, status: z.string(), created_at: z.number().optional() })).nullish(),
  notes,
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

/** A payment (https://razorpay.com/docs/api/payments/fetch-with-id/). `created_at` is Unix seconds. */
export const paymentSchema = z.looseObject({
  id: z.string().min(1),
  amount: paise,
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  method: z.string().nullish(),
  order_id: z.string().nullish(),
  amount_refunded: paise.default(0),
  captured: z.boolean().optional(),
  error_code: z.string().nullish(),
  error_description: z.string().nullish(),
  created_at: z.number(),
  notes,
});
export type RazorpayPayment = z.infer<typeof paymentSchema>;

/** A refund (https://razorpay.com/docs/api/refunds/, "Refund entity"). */
export const refundSchema = z.looseObject({
  id: z.string().min(1),
  amount: paise,
  currency: z.string(),
  payment_id: z.string(),
  receipt: z.string().nullish(),
  status: z.enum(['pending', 'processed', 'failed']),
  created_at: z.number(),
  notes,
});
export type RazorpayRefund = z.infer<typeof refundSchema>;

const errorAnswer = z.object({
  error: z.looseObject({ code: z.string().optional(), description: z.string().optional(), field: z.string().nullish() }),
});

type Call = { method: 'GET' | 'POST' | 'PATCH'; path: string; body?: unknown; headers?: Record<string, string> };

/** One call to Razorpay; the answer parsed by `schema`. Throws RazorpayError (or RazorpayNotConfigured). */
async function call<S extends z.ZodType>(schema: S, { method, path, body, headers }: Call): Promise<z.infer<S>> {
  const config = razorpayConfig();
  if (!config) throw new RazorpayNotConfigured();
  const what = `${method} ${path}`;
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}${path}`, {
      method,
      headers: {
        Authorization: `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(RAZORPAY_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const reason = timedOut ? `no answer within ${RAZORPAY_TIMEOUT_MS / 1000} s` : error instanceof Error ? error.message : String(error);
    throw new RazorpayError(`Razorpay ${what}: ${reason}`, 0, timedOut ? 'TIMEOUT' : 'NETWORK_ERROR', reason);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const parsed = errorAnswer.safeParse(json);
    const code = parsed.success ? (parsed.data.error.code ?? 'ERROR') : 'ERROR';
    const description = parsed.success ? (parsed.data.error.description ?? response.statusText) : `HTTP ${response.status}`;
    throw new RazorpayError(
      `Razorpay ${what}: ${response.status} ${code}: ${description}`,
      response.status,
      code,
      description,
      parsed.success ? (parsed.data.error.field ?? null) : null,
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'answer'}: ${i.message}`).join('; ');
    throw new RazorpayError(`Razorpay ${what}: unexpected answer (${detail})`, response.status, 'UNEXPECTED_ANSWER', detail);
  }
  return parsed.data;
}

function idSegment(id: string, prefix: string): string {
  if (!new RegExp(`^${prefix}_[A-Za-z0-9]{1,40}$`).test(id)) throw new RazorpayError(`Not a Razorpay id: ${id.slice(0, 60)}`, 0, 'BAD_ID', 'malformed id');
  return id;
}

/** What a payment link is created with. */
export type NewPaymentLink = {
  /** Integer paise, at least 100 (₹1). */
  amountPaise: number;
  /** Our payment request's id: Razorpay's `reference_id` (unique per link, at most 40 characters). */
  referenceId: string;
  /** Shown on Razorpay's page; names the booking reference. At most 2048 characters. */
  description: string;
  customer: { name: string; email: string; contact?: string | null };
  /** Where Razorpay sends the traveller after paying (GET, with the signed query; see `verifyPaymentLinkCallback`). */
  callbackUrl: string;
  notes?: Record<string, string>;
};

/**
 * Create a standard payment link (POST /v1/payment_links,
 * https://razorpay.com/docs/api/payments/payment-links/create-standard/): INR, no partial payments,
 * Razorpay's own SMS and e-mail off (`notify` false: the site sends its own mails), reminders off,
 * back to `callbackUrl` by GET. Throws RazorpayError.
 */
export async function createPaymentLink(link: NewPaymentLink): Promise<PaymentLink> {
  return call(paymentLinkSchema, {
    method: 'POST',
    path: '/v1/payment_links',
    body: {
      amount: link.amountPaise,
      currency: 'INR',
      accept_partial: false,
      reference_id: link.referenceId,
      description: link.description.slice(0, 2048),
      customer: { name: link.customer.name, email: link.customer.email, ...(link.customer.contact ? { contact: link.customer.contact } : {}) },
      notify: { sms: false, email: false },
      reminder_enable: false,
      notes: link.notes ?? {},
      callback_url: link.callbackUrl,
      callback_method: 'get',
    },
  });
}

/** A payment link by id (GET /v1/payment_links/:id, https://razorpay.com/docs/api/payments/payment-links/fetch-id/). */
export async function fetchPaymentLink(linkId: string): Promise<PaymentLink> {
  return call(paymentLinkSchema, { method: 'GET', path: `/v1/payment_links/${idSegment(linkId, 'plink')}` });
}

/**
 * Cancel a payment link so it takes no more money (POST /v1/payment_links/:id/cancel,
 * https://razorpay.com/docs/api/payments/payment-links/cancel/). Razorpay refuses a link already
 * paid, expired or cancelled (400).
 */
export async function cancelPaymentLink(linkId: string): Promise<PaymentLink> {
  return call(paymentLinkSchema, { method: 'POST', path: `/v1/payment_links/${idSegment(linkId, 'plink')}/cancel` });
}

/** A payment by id (GET /v1/payments/:id, https://razorpay.com/docs/api/payments/fetch-with-id/). */
export async function fetchPayment(paymentId: string): Promise<RazorpayPayment> {
  return call(paymentSchema, { method: 'GET', path: `/v1/payments/${idSegment(paymentId, 'pay')}` });
}

/**
 * Refund (part of) a captured payment, at normal speed (POST /v1/payments/:id/refund,
 * https://razorpay.com/docs/api/refunds/create-normal/). `receipt` is our refund's id, also sent as
 * `X-Refund-Idempotency` (https://razorpay.com/docs/api/refunds/normal-refunds-idempotent/), so a
 * retry after a lost answer refunds once. Throws RazorpayError (e.g. 400 when more is refunded than
 * was paid).
 */
export async function createRefund(
  paymentId: string,
  refund: { amountPaise: number; receipt: string; notes?: Record<string, string> },
): Promise<RazorpayRefund> {
  return call(refundSchema, {
    method: 'POST',
    path: `/v1/payments/${idSegment(paymentId, 'pay')}/refund`,
    body: { amount: refund.amountPaise, speed: 'normal', receipt: refund.receipt.slice(0, 40), notes: refund.notes ?? {} },
    headers: { 'X-Refund-Idempotency': refund.receipt },
  });
}

/** A refund by id (GET /v1/refunds/:id, https://razorpay.com/docs/api/refunds/fetch-with-id/). */
export async function fetchRefund(refundId: string): Promise<RazorpayRefund> {
  return call(refundSchema, { method: 'GET', path: `/v1/refunds/${idSegment(refundId, 'rfnd')}` });
}

/** The query Razorpay appends to a payment link's callback_url (https://razorpay.com/docs/payments/payment-links/apis/). */
export type PaymentLinkCallback = {
  razorpay_payment_id: string;
  razorpay_payment_link_id: string;
  razorpay_payment_link_reference_id: string;
  razorpay_payment_link_status: string;
  razorpay_signature: string;
};

/**
 * Whether a payment link callback is Razorpay's: its `razorpay_signature` is HMAC-SHA256, with the
 * key secret, of `payment_link_id|payment_link_reference_id|payment_link_status|payment_id`
 * (razorpay-node `validatePaymentVerification`; https://razorpay.com/docs/payments/payment-links/apis/,
 * "Verify Signature"). False when Razorpay is not configured.
 */
export function verifyPaymentLinkCallback(query: PaymentLinkCallback): boolean {
  const config = razorpayConfig();
  if (!config) return false;
  const payload = `${query.razorpay_payment_link_id}|${query.razorpay_payment_link_reference_id}|${query.razorpay_payment_link_status}|${query.razorpay_payment_id}`;
  return validRazorpaySignature(payload, query.razorpay_signature, config.keySecret);
}
