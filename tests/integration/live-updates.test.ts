/**
 * Live updates of the back office (docs/decisions/018-live-updates.md): GET /admin/events is staff
 * only, answers an unbuffered, uncompressed event stream, starts with `retry` and the pending counts,
 * passes on every LiveEvent published after it connected (with fresh counts), sends a heartbeat
 * comment, and unsubscribes when the client goes. The admin layout returns the sidebar's counts.
 */
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { db } from '~/db/client.server';
import { bookings, inquiries } from '~/db/schema';
import { publishLive } from '~/lib/live-events.server';
import { createInquiry } from '~/models/inquiry.server';
import { HEARTBEAT_MS, loader as eventsLoader, openStreamCount } from '~/routes/admin/events';
import { loader as layoutLoader } from '~/routes/admin/layout';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SetupNotice } from '~/components/admin/setup-notice';
import { env } from '~/lib/env.server';
import { contactInquirySchema } from '~/schemas/inquiry';
import { createStaffSession } from '../auth-helpers';
import { routeArgs, settle } from '../route-args';

let cookie: string;

beforeAll(async () => {
  cookie = (await createStaffSession()).cookie;
});

afterEach(() => {
  vi.useRealTimers();
});

/** Open the stream as a signed-in browser; `abort` is the client going away. */
async function connect() {
  const controller = new AbortController();
  const response = (await eventsLoader(routeArgs('/admin/events', {}, { headers: { Cookie: cookie }, signal: controller.signal }))) as Response;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  // One read in flight at a time, kept across waits, so no chunk is lost to a timed-out wait.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  /** Read until `pattern` is in what arrived (at most 5 s); returns everything read so far. */
  async function until(pattern: string | RegExp): Promise<string> {
    const found = () => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), 5000);
    });
    try {
      while (!found()) {
        pending ??= reader.read();
        const chunk = await Promise.race([pending, timedOut]);
        if (chunk === 'timeout') throw new Error(`no ${String(pattern)} in: ${text}`);
        pending = null;
        if (chunk.done) throw new Error(`stream ended before ${String(pattern)}: ${text}`);
        text += decoder.decode(chunk.value, { stream: true });
      }
    } finally {
      clearTimeout(timer);
    }
    return text;
  }
  /** Read to the end of the stream (what arrives is kept). */
  async function drain(): Promise<void> {
    for (;;) {
      const chunk = await (pending ?? reader.read());
      pending = null;
      if (chunk.done) return;
      text += decoder.decode(chunk.value, { stream: true });
    }
  }
  return { response, reader, until, drain, abort: () => controller.abort(), read: () => text };
}

/** The data of every `event: <name>` message in `text`. */
function messages(text: string, name: string): unknown[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith(`event: ${name}\n`))
    .map((block) => JSON.parse(block.split('\ndata: ')[1]!));
}

describe('GET /admin/events', () => {
  test('refuses an anonymous visitor (to the login page)', async () => {
    const outcome = await settle(() => eventsLoader(routeArgs('/admin/events')));
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get('Location')).toMatch(/^\/admin\/login/);
  });

  test('answers an event stream that no proxy buffers or compresses', async () => {
    const stream = await connect();
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('Cache-Control')).toBe('no-cache, no-transform');
    expect(stream.response.headers.get('X-Accel-Buffering')).toBe('no');
    stream.abort();
  });

  test('starts with retry and the pending counts, then streams an event published after it connected', async () => {
    await db().delete(bookings);
    await db().delete(inquiries);
    const stream = await connect();
    const start = await stream.until('event: counts');
    expect(start.startsWith('retry: 5000\n\n')).toBe(true);
    expect(messages(start, 'counts')).toEqual([{ bookings: 0, inquiries: 0 }]);

    publishLive({ type: 'booking.created', id: 'b-1', label: 'New booking from Asha Rai: Himalayan 450' });
    await stream.until(/event: booking\.created\ndata: .*\n\n/);
    expect(messages(stream.read(), 'booking.created')).toEqual([{ type: 'booking.created', id: 'b-1', label: 'New booking from Asha Rai: Himalayan 450' }]);
    // Fresh counts follow each event.
    await stream.until(/(event: counts[\s\S]*){2}/);
    stream.abort();
  });

  test('a real inquiry reaches the stream after its commit, with the new pending count', async () => {
    await db().delete(inquiries);
    const stream = await connect();
    await stream.until('event: counts');
    const inquiry = await createInquiry(
      contactInquirySchema.parse({
        type: 'contact',
        name: 'Pema Lhamu',
        email: 'pema@example.com',
        subject: 'Permits',
        message: 'Do I need a permit for Nathula?',
      }),
    );
    await stream.until(/(event: counts\ndata: [^\n]*\n\n[\s\S]*){2}/);
    const [event] = messages(stream.read(), 'inquiry.created') as { id: string; label: string; type: string }[];
    expect(event).toEqual({ type: 'inquiry.created', id: inquiry.id, label: 'New inquiry from Pema Lhamu' });
    // No e-mail or phone rides along.
    expect(stream.read()).not.toContain('pema@example.com');
    expect((messages(stream.read(), 'counts') as { inquiries: number }[]).at(-1)).toMatchObject({ inquiries: 1 });
    stream.abort();
  });

  test('unsubscribes and ends the stream when the client goes', async () => {
    const before = openStreamCount();
    const stream = await connect();
    await stream.until('event: counts');
    expect(openStreamCount()).toBe(before + 1);
    stream.abort();
    expect(openStreamCount()).toBe(before);
    // The body ends; a later event goes nowhere and throws nowhere.
    publishLive({ type: 'inquiry.updated', id: 'i-9' });
    await stream.drain();
    expect(stream.read()).not.toContain('inquiry.updated');
  });

  test('a cancelled body unsubscribes too', async () => {
    const before = openStreamCount();
    const stream = await connect();
    await stream.until('event: counts');
    await stream.reader.cancel();
    expect(openStreamCount()).toBe(before);
  });

  test('sends a heartbeat comment every 25 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stream = await connect();
    await stream.until('event: counts');
    vi.advanceTimersByTime(HEARTBEAT_MS);
    await stream.until(/\n: heartbeat \d+\n\n/);
    stream.abort();
  });
});

describe('the admin layout', () => {
  test('returns the pending counts for the sidebar', async () => {
    await db().delete(bookings);
    await db().delete(inquiries);
    await db()
      .insert(inquiries)
      .values([
        { type: 'contact', name: 'A', email: 'a@example.com', status: 'pending' },
        { type: 'contact', name: 'B', email: 'b@example.com', status: 'completed' },
      ]);
    await db()
      .insert(bookings)
      .values({ type: 'package', itemName: 'Custom tour', name: 'C', email: 'c@example.com', phone: '+919800000000', startDate: '2030-01-10' });
    const outcome = await settle(() => layoutLoader(routeArgs('/admin', {}, { headers: { Cookie: cookie } })));
    expect((outcome.body as { counts: unknown }).counts).toEqual({ bookings: 1, inquiries: 1 });
  });

  test('shows signed-in staff a notice while PUBLIC_URL is not set (the test server runs without it)', async () => {
    expect(env().PUBLIC_URL_SET).toBe(false);
    const outcome = await settle(() => layoutLoader(routeArgs('/admin', {}, { headers: { Cookie: cookie } })));
    const notice = (outcome.body as { setupNotice: string | null }).setupNotice;
    expect(notice).toMatch(/^PUBLIC_URL is not set/);
    expect(renderToStaticMarkup(createElement(SetupNotice, { message: notice }))).toContain('role="note"');
    expect(renderToStaticMarkup(createElement(SetupNotice, { message: null }))).toBe('');
  });
});
