/**
 * POST /api/webhooks/razorpay: Razorpay's server-to-server event deliveries, answered by Express
 * itself instead of React Router (docs/decisions/046-payments.md#webhooks; the work is
 * `receiveRazorpayWebhook` in app/models/razorpay-events.server.ts).
 *
 * Why a route of its own: a delivery is a signed 1-4 KB JSON body answered with 20 bytes, and
 * Razorpay's retries depend on a quick answer; the page chain (security headers with a fresh CSP
 * nonce, the cross-site check, the page cache, React Router's request and response objects)
 * did nothing for it and was most of its cost. It keeps the request id and the access log line
 * (mounted after them in server/app.ts).
 *
 * Authenticated by `X-Razorpay-Signature` alone (HMAC-SHA256 of the raw body with
 * RAZORPAY_WEBHOOK_SECRET), never by a session: no staff guard, no Origin check, no JSON
 * content-type rule (the body is read as the bytes sent, whatever its type, and parsed only once
 * the signature matches). Answers: 200 `{status: 'received'}` (recorded; acted on just after, by
 * the inbox) or `{status: 'duplicate'}`; 400 a bad or missing signature, event id or body (nothing
 * recorded); 413 over 64 KB; 503 while RAZORPAY_WEBHOOK_SECRET is not set: Razorpay retries any
 * non-2xx for 24 hours (https://razorpay.com/docs/webhooks/best-practices/), so deliveries made
 * while the secret is missing are not lost once it is set. Other methods: 405 with `Allow: POST`.
 * A database fault goes to the error handler (500, nothing recorded; Razorpay retries).
 */
import type { NextFunction, Request, Response } from 'express';
import { MAX_JSON_BYTES } from '~/lib/api.server';
import { env } from '~/lib/env.server';
import { logger } from '~/lib/logger.server';
import { isRazorpayWebhookPath } from '~/lib/request-path.server';
import { receiveRazorpayWebhook } from '~/models/razorpay-events.server';

/** Headers of every answer: JSON that no cache keeps, and the usual nosniff. */
function answer(res: Response, status: number, body: unknown, extra: Record<string, string> = {}): void {
  res.status(status);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
  res.json(body);
}

/** Read the raw body, stopping at `max` bytes: the Buffer, or 'too large'. */
function readRawBody(req: Request, max: number): Promise<Buffer | 'too large'> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? '0') > max) {
      resolve('too large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.off('data', onData);
        req.resume();
        resolve('too large');
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

async function receive(req: Request, res: Response, next: NextFunction): Promise<void> {
  try {
    const body = await readRawBody(req, MAX_JSON_BYTES);
    if (body === 'too large') {
      answer(res, 413, { error: `Request body too large (limit ${MAX_JSON_BYTES} bytes)`, issues: [] }, { Connection: 'close' });
      return;
    }
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const result = await receiveRazorpayWebhook(
      body,
      { signature: header('x-razorpay-signature'), eventId: header('x-razorpay-event-id') },
      env().RAZORPAY_WEBHOOK_SECRET,
    );
    if (result.status === 503) logger.warn('Razorpay webhook refused: RAZORPAY_WEBHOOK_SECRET is not set');
    else if (result.status === 400) logger.warn({ reason: result.body.error }, 'Razorpay webhook refused');
    answer(res, result.status, result.body);
  } catch (error) {
    next(error);
  }
}

/**
 * The webhook's middleware: a request whose normalised path is RAZORPAY_WEBHOOK_PATH (however
 * spelled, as the Origin check decides it: app/lib/request-path.server.ts) is answered here, POST
 * as above and any other method 405; every other request goes on.
 */
export function razorpayWebhook(req: Request, res: Response, next: NextFunction): void {
  if (!isRazorpayWebhookPath(req.path)) return next();
  if (req.method !== 'POST') return answer(res, 405, { error: 'Method not allowed: Razorpay POSTs here', issues: [] }, { Allow: 'POST' });
  void receive(req, res, next);
}
