/**
 * The back office's live stream ends with its session (docs/decisions/045-security-round-two.md
 * section 6, docs/decisions/018-live-updates.md): GET /admin/events re-checks the session at each
 * heartbeat and closes within one heartbeat of sign-out, a password change elsewhere, a password
 * reset, disabling or a role change; a stream whose session stands keeps beating, and its checks do
 * not keep an idle session alive. The heartbeat is shortened to 50 ms with LIVE_HEARTBEAT_MS.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';

// Read by env() on first use, which comes after this (imports are hoisted, env() is lazy).
vi.hoisted(() => {
  process.env.LIVE_HEARTBEAT_MS = '50';
});

import { db } from '~/db/client.server';
import { sessions } from '~/db/schema';
import { createSession } from '~/models/session.server';
import { changeOwnPassword, resetUserPassword, setUserDisabled, setUserRole } from '~/models/user.server';
import { loader as eventsLoader, openStreamCount } from '~/routes/admin/events';
import type { AuditActor } from '~/models/audit.server';
import { getAdmin } from '~/services/admin-guard.server';
import { signOut } from '~/services/sign-in.server';
import { createStaffSession } from '../auth-helpers';
import { routeArgs } from '../route-args';

/** The admin who changes other users (so no change is of the last admin or of oneself). */
let boss: AuditActor;

beforeAll(async () => {
  const { user } = await createStaffSession();
  boss = { id: user.id, name: user.username };
});

afterAll(() => {
  delete process.env.LIVE_HEARTBEAT_MS;
});

/** A signed-in staff member with an open stream: `beats(n)` waits for n heartbeats, `ended()` for the end (at most 5 s each). */
async function openStream() {
  const staff = await createStaffSession();
  const controller = new AbortController();
  const response = (await eventsLoader(routeArgs('/admin/events', {}, { headers: { Cookie: staff.cookie }, signal: controller.signal }))) as Response;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let done = false;
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  /** Read until `found()` or the stream's end; throws after 5 s. */
  async function readUntil(found: () => boolean): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), 5000);
    });
    try {
      while (!found() && !done) {
        pending ??= reader.read();
        const chunk = await Promise.race([pending, timedOut]);
        if (chunk === 'timeout') throw new Error(`timed out; the stream so far: ${text}`);
        pending = null;
        if (chunk.done) done = true;
        else text += decoder.decode(chunk.value, { stream: true });
      }
    } finally {
      clearTimeout(timer);
    }
  }
  const beatCount = () => text.split(': heartbeat ').length - 1;
  return {
    staff,
    /** Wait for `n` more heartbeats; false when the stream ended first. */
    async beats(n: number): Promise<boolean> {
      const target = beatCount() + n;
      await readUntil(() => beatCount() >= target);
      return beatCount() >= target;
    },
    /**
     * Wait for the end of the stream (at most 5 s); returns how many heartbeats were sent after
     * `since` (epoch ms; each heartbeat carries the time it was sent).
     */
    async ended(since: number): Promise<number> {
      await readUntil(() => false);
      return [...text.matchAll(/: heartbeat (\d+)\n/g)].filter((m) => Number(m[1]) > since).length;
    },
    abort: () => controller.abort(),
  };
}

describe('GET /admin/events re-checks its session at each heartbeat', () => {
  test('a stream whose session stands keeps beating, without refreshing the session', async () => {
    const stream = await openStream();
    // The session was last used five minutes ago: the re-checks must not count as use.
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60 * 1000);
    await db().update(sessions).set({ lastSeenAt: fiveMinutesAgo }).where(eq(sessions.id, stream.staff.sessionId));
    expect(await stream.beats(3)).toBe(true);
    const [row] = await db().select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, stream.staff.sessionId));
    expect(row!.lastSeenAt.getTime()).toBe(fiveMinutesAgo.getTime());
    const before = openStreamCount();
    stream.abort();
    expect(openStreamCount()).toBe(before - 1);
  });

  test('sign-out ends the stream', async () => {
    const stream = await openStream();
    expect(await stream.beats(1)).toBe(true);
    const auth = await getAdmin(new Request('http://localhost/admin', { headers: { Cookie: stream.staff.cookie } }));
    await signOut(auth!);
    // Within one heartbeat: at most the one whose check was under way when the change came.
    expect(await stream.ended(Date.now())).toBeLessThanOrEqual(1);
  });

  test('a password change in another session ends the stream', async () => {
    const stream = await openStream();
    expect(await stream.beats(1)).toBe(true);
    const other = await createSession(stream.staff.user.id, { kind: 'cookie' });
    await changeOwnPassword({ id: stream.staff.user.id, name: stream.staff.user.username }, stream.staff.user.id, 'a brand new passphrase', other.id);
    // Within one heartbeat: at most the one whose check was under way when the change came.
    expect(await stream.ended(Date.now())).toBeLessThanOrEqual(1);
  });

  test('a password reset by an admin ends the stream', async () => {
    const stream = await openStream();
    expect(await stream.beats(1)).toBe(true);
    await resetUserPassword(boss, stream.staff.user.id, 'another new passphrase');
    // Within one heartbeat: at most the one whose check was under way when the change came.
    expect(await stream.ended(Date.now())).toBeLessThanOrEqual(1);
  });

  test('disabling the user ends the stream', async () => {
    const stream = await openStream();
    expect(await stream.beats(1)).toBe(true);
    await setUserDisabled(boss, stream.staff.user.id, true);
    // Within one heartbeat: at most the one whose check was under way when the change came.
    expect(await stream.ended(Date.now())).toBeLessThanOrEqual(1);
  });

  test('a role change ends the stream (the reconnect meets the guard with the new role)', async () => {
    const stream = await openStream();
    expect(await stream.beats(1)).toBe(true);
    await setUserRole(boss, stream.staff.user.id, 'staff');
    // Within one heartbeat: at most the one whose check was under way when the change came.
    expect(await stream.ended(Date.now())).toBeLessThanOrEqual(1);
  });
});
