/**
 * A small Razorpay-compatible HTTP server for the tests (docs/decisions/046-payments.md#razorpay):
 * the app talks to it through RAZORPAY_API_URL, so nothing leaves the machine. It keeps payment
 * links, payments and refunds in memory, checks HTTP Basic auth with its key id and secret, and
 * refuses what Razorpay refuses (an amount that is not integer paise >= 100, a duplicate
 * reference_id, a refund above what is left of a captured payment), answering with Razorpay's error
 * shape `{error: {code, description, field, source, step, reason}}`.
 *
 * Test controls (not Razorpay's API): `payLink` pays a link in full or in part (a new `pay_...`,
 * the link `paid` or `partially_paid`) and returns the webhooks Razorpay would send; `failPayment`
 * makes a failed attempt; `settleRefund` marks a refund processed or failed; `deliver` posts a
 * webhook signed like Razorpay's (X-Razorpay-Signature = HMAC-SHA256 hex of the raw body with the
 * webhook secret, X-Razorpay-Event-Id); `failNext` makes the next API call answer an error.
 * Over HTTP (for a fake in its own process), `POST /__test/refunds/settle?status=processed|failed`
 * settles every pending refund and delivers its webhook to `webhookUrl`.
 * A link's `short_url` is a tiny page on the fake with a "Pay ₹X" button: pressing it pays the link,
 * delivers the webhooks to `webhookUrl` when one is set, and redirects to the link's callback_url
 * with the signed query Razorpay sends, so a Playwright test can pay end to end.
 *
 * Shapes follow: https://razorpay.com/docs/api/payments/payment-links/create-standard/,
 * .../payment-links/fetch-id/, .../payment-links/cancel/,
 * https://razorpay.com/docs/payments/payment-links/apis/ (callback query and signature),
 * https://razorpay.com/docs/api/payments/fetch-with-id/ (payment entity),
 * https://razorpay.com/docs/api/orders/ (order entity), https://razorpay.com/docs/api/refunds/
 * (refund entity), .../refunds/create-normal/, .../refunds/normal-refunds-idempotent/,
 * https://razorpay.com/docs/webhooks/payloads/payment-links/, .../webhooks/payloads/payments/,
 * .../webhooks/payloads/refunds/ (event payloads), https://razorpay.com/docs/webhooks/validate-test/
 * (signature), https://razorpay.com/docs/api/understand-error-codes/ (errors).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export type FakeLink = {
  id: string;
  entity: 'payment_link';
  amount: number;
  amount_paid: number;
  currency: string;
  accept_partial: boolean;
  first_min_partial_amount: number;
  reference_id: string;
  description: string;
  customer: Json;
  notify: Json;
  reminder_enable: boolean;
  notes: Json;
  callback_url: string;
  callback_method: string;
  status: 'created' | 'partially_paid' | 'expired' | 'cancelled' | 'paid';
  short_url: string;
  payments: { payment_id: string; amount: number; status: string; method: string; plink_id: string; created_at: number }[] | null;
  order_id: string;
  upi_link: boolean;
  expire_by: number;
  expired_at: number;
  cancelled_at: number;
  created_at: number;
  updated_at: number;
  user_id: string;
};

export type FakePayment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: string;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string;
  email: string;
  contact: string;
  notes: Json;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  vpa: string | null;
  created_at: number;
};

export type FakeRefund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Json;
  receipt: string | null;
  acquirer_data: Json;
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: string;
  speed_requested: string;
};

/** A webhook as Razorpay sends it: the event envelope (https://razorpay.com/docs/webhooks/payloads/). */
export type FakeEvent = {
  entity: 'event';
  account_id: string;
  event: string;
  contains: string[];
  payload: Record<string, { entity: Json }>;
  created_at: number;
};

export type FakeRazorpay = {
  /** The base URL to put in RAZORPAY_API_URL. */
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  links: Map<string, FakeLink>;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  /** Every API call received (method, path, parsed body), oldest first. */
  calls: { method: string; path: string; body: Json | null; headers: IncomingMessage['headers'] }[];
  /** Where the pay page delivers its webhooks (the app's /api/webhooks/razorpay); unset: none. */
  webhookUrl: string | null;
  /** Status a refund gets when created: 'pending' (default) or 'processed'. */
  refundStatusOnCreate: 'pending' | 'processed';
  /** Pay a link (default: all that is left) with a new captured payment; returns it and the webhooks Razorpay would send. */
  payLink(linkId: string, options?: { amountPaise?: number; method?: string }): { payment: FakePayment; link: FakeLink; events: FakeEvent[] };
  /** A failed attempt on a link: a `failed` payment and its payment.failed webhook; the link stays payable. */
  failPayment(linkId: string, description?: string): { payment: FakePayment; events: FakeEvent[] };
  /** Mark a refund processed or failed; returns its webhook (refund.processed / refund.failed). */
  settleRefund(refundId: string, status: 'processed' | 'failed'): FakeEvent;
  /** The query string Razorpay appends to the callback_url after `payment` on `link`, signed with the key secret. */
  callbackQuery(link: FakeLink, payment: FakePayment): URLSearchParams;
  /** POST `event` to `url` signed like Razorpay (or with `signature` given); returns the answer. */
  deliver(url: string, event: FakeEvent, options?: { eventId?: string; signature?: string }): Promise<Response>;
  /** The next API call whose path matches `path` answers `status` with Razorpay's error shape. */
  failNext(path: RegExp, status: number, description: string, code?: string): void;
  close(): Promise<void>;
};

const now = () => Math.floor(Date.now() / 1000);
/** Razorpay-like ids: a prefix and 14 base62 characters. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function newId(prefix: string): string {
  const bytes = randomBytes(14);
  return `${prefix}_${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

function rupees(paise: number): string {
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly field: string | null = null,
    readonly code = 'BAD_REQUEST_ERROR',
  ) {
    super(description);
  }
}

function errorBody(error: ApiError): Json {
  return {
    error: {
      code: error.code,
      description: error.description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      field: error.field,
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = type === 'application/json' ? JSON.stringify(body) : String(body);
  res.writeHead(status, { 'Content-Type': `${type}; charset=utf-8`, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Razorpay's amount rule: integer paise, at least 100 (₹1). */
function checkAmount(value: unknown, field = 'amount'): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new ApiError(400, 'The amount must be an integer.', field);
  if (value < 100) throw new ApiError(400, 'The amount must be atleast INR 1.00', field);
  return value;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Start the fake on 127.0.0.1, on `port` or a free one; keys are random unless given. */
export async function startFakeRazorpay(
  options: { keyId?: string; keySecret?: string; webhookSecret?: string; port?: number; webhookUrl?: string | null } = {},
): Promise<FakeRazorpay> {
  const keyId = options.keyId ?? `rzp_test_${randomBytes(6).toString('hex')}`;
  const keySecret = options.keySecret ?? randomBytes(18).toString('base64url');
  const webhookSecret = options.webhookSecret ?? randomBytes(18).toString('base64url');
  const links = new Map<string, FakeLink>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const refundsByIdempotencyKey = new Map<string, string>();
  const calls: FakeRazorpay['calls'] = [];
  const failures: { path: RegExp; error: ApiError }[] = [];
  let baseUrl = '';

  const orderOf = (link: FakeLink): Json => ({
    id: link.order_id,
    entity: 'order',
    amount: link.amount,
    amount_paid: link.amount_paid,
    amount_due: link.amount - link.amount_paid,
    currency: link.currency,
    receipt: link.reference_id,
    offer_id: null,
    status: link.status === 'paid' ? 'paid' : link.amount_paid > 0 ? 'attempted' : 'created',
    attempts: link.payments?.length ?? 0,
    notes: link.notes,
    created_at: link.created_at,
  });

  const event = (name: string, payload: Record<string, Json>): FakeEvent => ({
    entity: 'event',
    account_id: 'acc_FakeAccount0001',
    event: name,
    contains: Object.keys(payload),
    payload: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, { entity: structuredClone(v) }])),
    created_at: now(),
  });

  const fake: FakeRazorpay = {
    url: '',
    keyId,
    keySecret,
    webhookSecret,
    links,
    payments,
    refunds,
    calls,
    webhookUrl: options.webhookUrl ?? null,
    refundStatusOnCreate: 'pending',

    payLink(linkId, { amountPaise, method = 'upi' } = {}) {
      const link = links.get(linkId);
      if (!link) throw new Error(`fake Razorpay: no link ${linkId}`);
      if (link.status !== 'created' && link.status !== 'partially_paid') throw new Error(`fake Razorpay: link ${linkId} is ${link.status}`);
      const left = link.amount - link.amount_paid;
      const amount = amountPaise ?? left;
      if (amount > left || amount < 100) throw new Error(`fake Razorpay: cannot pay ${amount} of ${left}`);
      const payment: FakePayment = {
        id: newId('pay'),
        entity: 'payment',
        amount,
        currency: 'INR',
        status: 'captured',
        order_id: link.order_id,
        invoice_id: null,
        international: false,
        method,
        amount_refunded: 0,
        refund_status: null,
        captured: true,
        description: link.description,
        email: String(link.customer.email ?? 'void@razorpay.com'),
        contact: String(link.customer.contact ?? '+919000090000'),
        notes: link.notes,
        fee: Math.round(amount * 0.02),
        tax: Math.round(amount * 0.0036),
        error_code: null,
        error_description: null,
        error_source: null,
        error_step: null,
        error_reason: null,
        vpa: method === 'upi' ? 'traveller@okicici' : null,
        created_at: now(),
      };
      payments.set(payment.id, payment);
      link.amount_paid += amount;
      link.status = link.amount_paid >= link.amount ? 'paid' : 'partially_paid';
      link.updated_at = now();
      link.payments = [
        ...(link.payments ?? []),
        { payment_id: payment.id, amount, status: 'captured', method, plink_id: link.id, created_at: payment.created_at },
      ];
      const events = [
        event('payment.authorized', { payment: { ...payment, status: 'authorized', captured: false } }),
        event('payment.captured', { payment }),
        event(link.status === 'paid' ? 'payment_link.paid' : 'payment_link.partially_paid', { payment_link: link, order: orderOf(link), payment }),
      ];
      return { payment, link, events };
    },

    failPayment(linkId, description = 'Payment failed because the UPI PIN was wrong') {
      const link = links.get(linkId);
      if (!link) throw new Error(`fake Razorpay: no link ${linkId}`);
      const payment: FakePayment = {
        id: newId('pay'),
        entity: 'payment',
        amount: link.amount - link.amount_paid,
        currency: 'INR',
        status: 'failed',
        order_id: link.order_id,
        invoice_id: null,
        international: false,
        method: 'upi',
        amount_refunded: 0,
        refund_status: null,
        captured: false,
        description: link.description,
        email: String(link.customer.email ?? ''),
        contact: String(link.customer.contact ?? ''),
        notes: link.notes,
        fee: null,
        tax: null,
        error_code: 'BAD_REQUEST_ERROR',
        error_description: description,
        error_source: 'customer',
        error_step: 'payment_authorization',
        error_reason: 'incorrect_pin',
        vpa: 'traveller@okicici',
        created_at: now(),
      };
      payments.set(payment.id, payment);
      return { payment, events: [event('payment.failed', { payment })] };
    },

    settleRefund(refundId, status) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`fake Razorpay: no refund ${refundId}`);
      refund.status = status;
      const payment = payments.get(refund.payment_id)!;
      if (status === 'failed') {
        payment.amount_refunded -= refund.amount;
        payment.refund_status = payment.amount_refunded === 0 ? null : 'partial';
        if (payment.status === 'refunded') payment.status = 'captured';
      }
      return event(status === 'processed' ? 'refund.processed' : 'refund.failed', { refund, payment });
    },

    callbackQuery(link, payment) {
      const signed = `${link.id}|${link.reference_id}|${link.status}|${payment.id}`;
      return new URLSearchParams({
        razorpay_payment_id: payment.id,
        razorpay_payment_link_id: link.id,
        razorpay_payment_link_reference_id: link.reference_id,
        razorpay_payment_link_status: link.status,
        razorpay_signature: createHmac('sha256', keySecret).update(signed).digest('hex'),
      });
    },

    async deliver(url, delivered, { eventId = newId('evt'), signature } = {}) {
      const body = JSON.stringify(delivered);
      return fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Razorpay-Webhook/v1',
          'X-Razorpay-Event-Id': eventId,
          'X-Razorpay-Signature': signature ?? createHmac('sha256', webhookSecret).update(body).digest('hex'),
        },
        body,
      });
    },

    failNext(path, status, description, code = status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR') {
      failures.push({ path, error: new ApiError(status, description, null, code) });
    },

    close() {
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };

  function authorised(req: IncomingMessage): boolean {
    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    return req.headers.authorization === expected;
  }

  function linkOr404(id: string): FakeLink {
    const link = links.get(id);
    if (!link) throw new ApiError(400, 'The id provided does not exist', 'id');
    return link;
  }

  function createLink(body: Json): FakeLink {
    const amount = checkAmount(body.amount);
    const currency = body.currency ?? 'INR';
    if (currency !== 'INR') throw new ApiError(400, 'The currency provided is invalid.', 'currency');
    const referenceId = typeof body.reference_id === 'string' ? body.reference_id : '';
    if (referenceId.length > 40) throw new ApiError(400, 'The reference id may not be greater than 40 characters.', 'reference_id');
    if (referenceId && [...links.values()].some((l) => l.reference_id === referenceId)) {
      throw new ApiError(400, `Payment Link with reference id ${referenceId} already exists`, 'reference_id');
    }
    if (body.callback_url !== undefined && body.callback_method !== 'get') {
      throw new ApiError(400, 'callback_method should be get when callback_url is given', 'callback_method');
    }
    const id = newId('plink');
    const link: FakeLink = {
      id,
      entity: 'payment_link',
      amount,
      amount_paid: 0,
      currency: 'INR',
      accept_partial: body.accept_partial === true,
      first_min_partial_amount: typeof body.first_min_partial_amount === 'number' ? body.first_min_partial_amount : 0,
      reference_id: referenceId,
      description: typeof body.description === 'string' ? body.description : '',
      customer: (body.customer as Json) ?? {},
      notify: (body.notify as Json) ?? { sms: true, email: true },
      reminder_enable: body.reminder_enable !== false,
      notes: (body.notes as Json) ?? {},
      callback_url: typeof body.callback_url === 'string' ? body.callback_url : '',
      callback_method: typeof body.callback_method === 'string' ? body.callback_method : '',
      status: 'created',
      short_url: `${baseUrl}/i/${id.slice(6)}`,
      payments: null,
      order_id: newId('order'),
      upi_link: false,
      expire_by: 0,
      expired_at: 0,
      cancelled_at: 0,
      created_at: now(),
      updated_at: now(),
      user_id: '',
    };
    links.set(id, link);
    return link;
  }

  function createRefund(paymentId: string, body: Json, idempotencyKey: string | undefined): FakeRefund {
    if (idempotencyKey) {
      const earlier = refundsByIdempotencyKey.get(idempotencyKey);
      if (earlier) return refunds.get(earlier)!;
    }
    const payment = payments.get(paymentId);
    if (!payment) throw new ApiError(400, 'The id provided does not exist', 'id');
    if (payment.status !== 'captured') throw new ApiError(400, 'Only payments which have been captured can be refunded');
    const amount = body.amount === undefined ? payment.amount - payment.amount_refunded : checkAmount(body.amount);
    if (amount > payment.amount - payment.amount_refunded) throw new ApiError(400, 'The refund amount provided is greater than amount captured', 'amount');
    const refund: FakeRefund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: paymentId,
      notes: (body.notes as Json) ?? {},
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: fake.refundStatusOnCreate,
      speed_processed: 'normal',
      speed_requested: typeof body.speed === 'string' ? body.speed : 'normal',
    };
    refunds.set(refund.id, refund);
    if (idempotencyKey) refundsByIdempotencyKey.set(idempotencyKey, refund.id);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
    if (payment.amount_refunded >= payment.amount) payment.status = 'refunded';
    return refund;
  }

  /** The Razorpay API (/v1/...). */
  function api(method: string, path: string, body: Json, req: IncomingMessage): unknown {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/payment_links') return createLink(body);
    if (method === 'GET' && (match = /^\/v1\/payment_links\/(plink_\w+)$/.exec(path))) return linkOr404(match[1]!);
    if (method === 'POST' && (match = /^\/v1\/payment_links\/(plink_\w+)\/cancel$/.exec(path))) {
      const link = linkOr404(match[1]!);
      if (link.status !== 'created' && link.status !== 'partially_paid')
        throw new ApiError(400, `Payment Link cannot be cancelled as it is already ${link.status}`);
      link.status = 'cancelled';
      link.cancelled_at = now();
      return link;
    }
    if (method === 'GET' && (match = /^\/v1\/payments\/(pay_\w+)$/.exec(path))) {
      const payment = payments.get(match[1]!);
      if (!payment) throw new ApiError(400, 'The id provided does not exist', 'id');
      return payment;
    }
    if (method === 'POST' && (match = /^\/v1\/payments\/(pay_\w+)\/refund$/.exec(path))) {
      const key = req.headers['x-refund-idempotency'];
      return createRefund(match[1]!, body, typeof key === 'string' ? key : undefined);
    }
    if (method === 'GET' && (match = /^\/v1\/refunds\/(rfnd_\w+)$/.exec(path))) {
      const refund = refunds.get(match[1]!);
      if (!refund) throw new ApiError(400, 'The id provided does not exist', 'id');
      return refund;
    }
    throw new ApiError(404, 'The requested URL was not found on the server.', null, 'NOT_FOUND');
  }

  /** The hosted page of a link (its short_url) with a Pay button. */
  async function payPage(method: string, short: string, res: ServerResponse): Promise<void> {
    const link = [...links.values()].find((l) => l.id === `plink_${short}`);
    if (!link) {
      send(res, 404, 'No such payment link', 'text/html');
      return;
    }
    if (method === 'GET') {
      const payable = link.status === 'created' || link.status === 'partially_paid';
      const amount = rupees(link.amount - link.amount_paid);
      send(
        res,
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay ${amount}</title></head><body>
<h1>${escapeHtml(link.description)}</h1><p>Payment link ${link.id}: ${link.status}</p>
${payable ? `<form method="post" action="/i/${short}/pay"><button type="submit">Pay ${amount}</button></form>` : '<p>This link cannot be paid.</p>'}
</body></html>`,
        'text/html',
      );
      return;
    }
    const { payment, events } = fake.payLink(link.id);
    if (fake.webhookUrl) for (const e of events) await fake.deliver(fake.webhookUrl, e);
    const target = `${link.callback_url}${link.callback_url.includes('?') ? '&' : '?'}${fake.callbackQuery(link, payment).toString()}`;
    res.writeHead(303, { Location: target });
    res.end();
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const raw = await readBody(req);
      if (method === 'GET' && url.pathname === '/') {
        send(res, 200, 'fake Razorpay', 'text/plain');
        return;
      }
      // Test control for the Playwright runs (not Razorpay's API): settle every pending refund as
      // processed or failed, delivering each refund webhook to webhookUrl, as Razorpay does later.
      if (method === 'POST' && url.pathname === '/__test/refunds/settle') {
        const status = url.searchParams.get('status') === 'failed' ? 'failed' : 'processed';
        const settled: string[] = [];
        for (const refund of fake.refunds.values()) {
          if (refund.status !== 'pending') continue;
          const event = fake.settleRefund(refund.id, status);
          if (fake.webhookUrl) await fake.deliver(fake.webhookUrl, event);
          settled.push(refund.id);
        }
        send(res, 200, { settled });
        return;
      }
      const short = /^\/i\/(\w+)(\/pay)?$/.exec(url.pathname);
      if (short && (method === 'GET' || (method === 'POST' && short[2]))) {
        await payPage(method, short[1]!, res);
        return;
      }
      let body: Json | null;
      try {
        body = raw === '' ? null : (JSON.parse(raw) as Json);
      } catch {
        send(res, 400, errorBody(new ApiError(400, 'The request body is not valid JSON')));
        return;
      }
      calls.push({ method, path: url.pathname, body, headers: req.headers });
      if (!authorised(req)) {
        send(res, 401, errorBody(new ApiError(401, 'Authentication failed', null, 'BAD_REQUEST_ERROR')));
        return;
      }
      const failure = failures.findIndex((f) => f.path.test(url.pathname));
      if (failure !== -1) {
        const { error } = failures.splice(failure, 1)[0]!;
        send(res, error.status, errorBody(error));
        return;
      }
      try {
        send(res, 200, api(method, url.pathname, body ?? {}, req));
      } catch (error) {
        if (error instanceof ApiError) send(res, error.status, errorBody(error));
        else send(res, 500, errorBody(new ApiError(500, String(error), null, 'SERVER_ERROR')));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = baseUrl;
  return fake;
}
