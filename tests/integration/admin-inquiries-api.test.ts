/**
 * The staff inquiries API (docs/decisions/009-rest-api.md, docs/product.md#inquiry-status):
 * GET /api/inquiries (filters, paging, bare array + X-Total-Count), GET/PUT/PATCH/DELETE
 * /api/inquiries/:id (every legal and illegal status move, 409; follow-up and assignee; 400 naming the
 * field; 404), the CSV export through the route (headers, BOM, formula-looking cells neutralised,
 * keyset batches), the guard (401 without a session, 403 cross-site with a cookie), the public POST
 * still public, and the OpenAPI description.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, inquiries, users } from '~/db/schema';
import { INQUIRY_STATUSES, INQUIRY_TRANSITIONS, type InquiryStatus } from '~/lib/constants';
import { todayInIndia } from '~/lib/format';
import { shortReference } from '~/lib/ids';
import { getInquiry, inquiryExportRows } from '~/models/inquiry.server';
import { action as inquiryAction, loader as inquiryLoader } from '~/routes/api/inquiry';
import { action as inquiriesAction, loader as inquiriesLoader } from '~/routes/api/inquiries';
import { action as exportAction, loader as exportLoader } from '~/routes/api/inquiries.export';
import { openApiDocument } from '~/routes/api/openapi';
import { createStaffSession } from '../auth-helpers';
import { routeArgs, type NoParams, type RouteFunction } from '../route-args';
import { call } from './catalog-write-helpers';
import { createInquiry } from '../factories';

process.env.RATE_LIMIT_SUBMISSIONS_PER_MINUTE = '100000';

const UNKNOWN_ID = '3f2a5c1e-8b4d-4c6e-9a7b-1d2e3f4a5b6c';
let staff: Awaited<ReturnType<typeof createStaffSession>>;
let auth: Record<string, string>;

beforeAll(async () => {
  staff = await createStaffSession();
  auth = { Authorization: staff.authorization };
});

/** Call a GET loader (a Response or thrown Response) and read it. */
async function get<P extends object = NoParams>(loader: RouteFunction<P>, url: string, headers: Record<string, string> = auth, params?: P) {
  let outcome: unknown;
  try {
    outcome = await loader(routeArgs(url, params, { headers }));
  } catch (thrown) {
    outcome = thrown;
  }
  if (!(outcome instanceof Response)) throw new Error(`expected a Response, got ${String(outcome)}`);
  return outcome;
}

async function json(response: Response) {
  return { status: response.status, body: (await response.json()) as unknown, headers: response.headers };
}

describe('the guard', () => {
  test('every staff method answers 401 without a session', async () => {
    const target = await createInquiry();
    expect((await get(inquiriesLoader, '/api/inquiries', {})).status).toBe(401);
    expect((await get(exportLoader, '/api/inquiries/export', {})).status).toBe(401);
    expect((await get(inquiryLoader, `/api/inquiries/${target.id}`, {}, { id: target.id })).status).toBe(401);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await call(inquiryAction, `/api/inquiries/${target.id}`, { method, body: { status: 'completed' }, params: { id: target.id } });
      expect({ method, status: res.status }).toEqual({ method, status: 401 });
    }
    expect((await call(exportAction, '/api/inquiries/export', { body: {} })).status).toBe(401);
    expect((await getInquiry(target.id))!.status).toBe('pending');
  });

  test('a cookie-authenticated change from another site is 403; the Bearer token needs no Origin', async () => {
    const target = await createInquiry();
    const crossSite = await call(inquiryAction, `/api/inquiries/${target.id}`, {
      method: 'PATCH',
      body: { status: 'completed' },
      params: { id: target.id },
      headers: { Cookie: staff.cookie, Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const bearer = await call(inquiryAction, `/api/inquiries/${target.id}`, {
      method: 'PATCH',
      body: { status: 'completed' },
      params: { id: target.id },
      headers: auth,
    });
    expect(bearer.status).toBe(200);
  });

  test('POST /api/inquiries stays public', async () => {
    const res = await call(inquiriesAction, '/api/inquiries', {
      body: { type: 'contact', name: 'Public Visitor', email: 'visitor@example.com', subject: 'Hi', message: 'Still open to all' },
      headers: { Origin: 'http://localhost' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'contact', status: 'pending' });
  });
});

describe('GET /api/inquiries', () => {
  test('a bare array, newest first, with X-Total-Count, filters and paging', async () => {
    await db().delete(inquiries);
    const old = await createInquiry({ name: 'Oldest Cab', type: 'cabs', createdAt: new Date(Date.now() - 3 * 60_000) });
    const mid = await createInquiry({ name: 'Middle Done', status: 'completed', createdAt: new Date(Date.now() - 2 * 60_000) });
    const due = await createInquiry({ name: 'Newest Due', followUpOn: todayInIndia(), assignedTo: staff.user.id, createdAt: new Date(Date.now() - 60_000) });

    const all = await json(await get(inquiriesLoader, '/api/inquiries'));
    expect(all.status).toBe(200);
    expect(all.headers.get('X-Total-Count')).toBe('3');
    expect(all.headers.get('Cache-Control')).toBe('no-store');
    expect(Array.isArray(all.body)).toBe(true);
    expect((all.body as { id: string; reference: string }[]).map((i) => i.id)).toEqual([due.id, mid.id, old.id]);
    expect((all.body as { reference: string }[])[0]!.reference).toBe(shortReference(due.id));

    const ids = async (query: string) => ((await json(await get(inquiriesLoader, `/api/inquiries?${query}`))).body as { id: string }[]).map((i) => i.id);
    expect(await ids('type=cabs')).toEqual([old.id]);
    expect(await ids('status=completed')).toEqual([mid.id]);
    expect(await ids('due=today')).toEqual([due.id]);
    expect(await ids('assigned=me')).toEqual([due.id]);
    expect(await ids(`assigned=${staff.user.id}`)).toEqual([due.id]);
    expect(await ids('q=middle')).toEqual([mid.id]);
    expect(await ids(`q=%23${shortReference(old.id)}`)).toEqual([old.id]);
    const paged = await json(await get(inquiriesLoader, '/api/inquiries?limit=1&offset=1'));
    expect((paged.body as { id: string }[]).map((i) => i.id)).toEqual([mid.id]);
    expect(paged.headers.get('X-Total-Count')).toBe('3');
  });

  test('bad parameters are 400 naming them', async () => {
    const res = await json(await get(inquiriesLoader, '/api/inquiries?type=letters&status=open&limit=0&due=perhaps&assigned=you'));
    expect(res.status).toBe(400);
    expect((res.body as { issues: { path: string }[] }).issues.map((i) => i.path).sort()).toEqual(['assigned', 'due', 'limit', 'status', 'type']);
  });
});

describe('/api/inquiries/:id', () => {
  test('GET: the inquiry, or 404 for an unknown or malformed id', async () => {
    const target = await createInquiry({ phone: '+91 98000 12345' });
    const res = await json(await get(inquiryLoader, `/api/inquiries/${target.id}`, auth, { id: target.id }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target.id, reference: shortReference(target.id), phone: '+91 98000 12345', status: 'pending' });
    expect((await get(inquiryLoader, `/api/inquiries/${UNKNOWN_ID}`, auth, { id: UNKNOWN_ID })).status).toBe(404);
    expect((await get(inquiryLoader, '/api/inquiries/nope', auth, { id: 'nope' })).status).toBe(404);
  });

  const moves = INQUIRY_STATUSES.flatMap((from) => INQUIRY_STATUSES.map((to) => [from, to] as [InquiryStatus, InquiryStatus]));
  test.each(
    moves.flatMap(
      ([from, to]) =>
        [
          ['PATCH', from, to],
          ['PUT', from, to],
        ] as const,
    ),
  )('%s status %s → %s', async (method, from, to) => {
    const target = await createInquiry({ status: from });
    const legal = INQUIRY_TRANSITIONS[from].includes(to);
    const res = await call(inquiryAction, `/api/inquiries/${target.id}`, { method, body: { status: to }, params: { id: target.id }, headers: auth });
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, target.id));
    if (legal) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: target.id, status: to });
      expect(entries).toEqual([expect.objectContaining({ action: 'status', changes: { status: { from, to } } })]);
    } else {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: expect.any(String), issues: [expect.objectContaining({ path: 'status' })] });
      expect((await getInquiry(target.id))!.status).toBe(from);
      expect(entries).toEqual([]);
    }
  });

  test('follow-up day and assignee (snake_case too), each audited; null clears them', async () => {
    const target = await createInquiry();
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const set = await call(inquiryAction, `/api/inquiries/${target.id}`, {
      method: 'PATCH',
      body: { follow_up_on: soon, assigned_to: staff.user.id },
      params: { id: target.id },
      headers: auth,
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ followUpOn: soon, assignedTo: staff.user.id, status: 'pending' });
    const cleared = await call(inquiryAction, `/api/inquiries/${target.id}`, {
      method: 'PATCH',
      body: { followUpOn: null, assignedTo: null },
      params: { id: target.id },
      headers: auth,
    });
    expect(cleared.body).toMatchObject({ followUpOn: null, assignedTo: null });
    const actions = (await db().select().from(auditLog).where(eq(auditLog.entityId, target.id))).map((e) => e.action).sort();
    expect(actions).toEqual(['assign', 'assign', 'follow_up', 'follow_up']);
    // Setting what is already set writes nothing.
    const again = await call(inquiryAction, `/api/inquiries/${target.id}`, {
      method: 'PUT',
      body: { followUpOn: null },
      params: { id: target.id },
      headers: auth,
    });
    expect(again.status).toBe(200);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, target.id))).toHaveLength(4);
  });

  test('bad input is 400 naming the field and changes nothing; a disabled or unknown staff member too', async () => {
    const target = await createInquiry();
    const cases: [unknown, string][] = [
      [{ status: 'archived' }, 'status'],
      [{ followUpOn: '2031-02-30' }, 'followUpOn'],
      [{ followUpOn: 'tomorrow' }, 'followUpOn'],
      [{ followUpOn: '1999-12-31' }, 'followUpOn'],
      [{ followUpOn: '2090-01-01' }, 'followUpOn'],
      [{ assignedTo: 'someone' }, 'assignedTo'],
      [{ assignedTo: UNKNOWN_ID }, 'assignedTo'],
      [{}, ''],
    ];
    for (const [body, path] of cases) {
      const res = await call(inquiryAction, `/api/inquiries/${target.id}`, { method: 'PATCH', body, params: { id: target.id }, headers: auth });
      expect({ body, status: res.status, paths: (res.body as { issues: { path: string }[] }).issues.map((i) => i.path) }).toEqual({
        body,
        status: 400,
        paths: [path],
      });
    }
    const disabled = await createStaffSession();
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.user.id));
    const res = await call(inquiryAction, `/api/inquiries/${target.id}`, {
      method: 'PATCH',
      body: { assignedTo: disabled.user.id },
      params: { id: target.id },
      headers: auth,
    });
    expect(res.status).toBe(400);
    expect(
      (
        await call(inquiryAction, `/api/inquiries/${target.id}`, {
          method: 'PATCH',
          body: 'status=completed',
          params: { id: target.id },
          headers: { ...auth, 'Content-Type': 'text/plain' },
        })
      ).status,
    ).toBe(415);
    expect(await getInquiry(target.id)).toMatchObject({ status: 'pending', followUpOn: null, assignedTo: null });
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, target.id))).toEqual([]);
  });

  test('unknown id is 404 for PATCH and DELETE; other methods 405', async () => {
    expect(
      (await call(inquiryAction, `/api/inquiries/${UNKNOWN_ID}`, { method: 'PATCH', body: { status: 'completed' }, params: { id: UNKNOWN_ID }, headers: auth }))
        .status,
    ).toBe(404);
    expect(
      (await call(inquiryAction, '/api/inquiries/nope', { method: 'PATCH', body: { status: 'completed' }, params: { id: 'nope' }, headers: auth })).status,
    ).toBe(404);
    expect((await call(inquiryAction, `/api/inquiries/${UNKNOWN_ID}`, { method: 'DELETE', params: { id: UNKNOWN_ID }, headers: auth })).status).toBe(404);
    const post = await call(inquiryAction, `/api/inquiries/${UNKNOWN_ID}`, { method: 'POST', body: {}, params: { id: UNKNOWN_ID }, headers: auth });
    expect(post.status).toBe(405);
    expect(post.headers.get('Allow')).toBe('GET, PUT, PATCH, DELETE');
  });

  test('DELETE answers 204, audits, and the inquiry is gone', async () => {
    const target = await createInquiry();
    const res = await call(inquiryAction, `/api/inquiries/${target.id}`, { method: 'DELETE', params: { id: target.id }, headers: auth });
    expect(res.status).toBe(204);
    expect(await getInquiry(target.id)).toBeNull();
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, target.id))).toEqual([expect.objectContaining({ action: 'delete' })]);
    expect((await call(inquiryAction, `/api/inquiries/${target.id}`, { method: 'DELETE', params: { id: target.id }, headers: auth })).status).toBe(404);
  });
});

describe('GET /api/inquiries/export', () => {
  test('a streamed CSV download with a BOM, the header row and formula-looking cells neutralised', async () => {
    await db().delete(inquiries);
    const evil = await createInquiry({ name: '=HYPERLINK("http://evil.example","click")', message: 'Line one\nLine "two"', phone: '+91 98000 00000' });
    const cab = await createInquiry({
      type: 'cabs',
      name: 'Cab Person',
      subject: null,
      pickupLocation: 'Bagdogra',
      dropoffLocation: 'Gangtok',
      travelDate: '2031-01-02',
    });
    const res = await get(exportLoader, '/api/inquiries/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="inquiries-${todayInIndia()}.csv"`);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const [header] = text.split('\n');
    expect(header).toBe(
      'Reference,Received (IST),Type,Status,Name,Email,Phone,Subject,Message,Date,Package,Guests,Cab,Pickup,Drop-off,Bike,Rental duration,Bikes,Follow-up on,Assigned to,Booking',
    );
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(text).toContain('"Line one\nLine ""two"""');
    expect(text).toContain("'+91 98000 00000");
    expect(text).toContain(`${shortReference(cab.id)},`);
    expect(text).toContain('Cab,Pending,Cab Person');
    expect(text).toContain(shortReference(evil.id));
  });

  test('the list filters apply; a bad filter is 400', async () => {
    await db().delete(inquiries);
    await createInquiry({ name: 'Keep Me', type: 'cabs' });
    await createInquiry({ name: 'Drop Me', type: 'contact' });
    const text = await (await get(exportLoader, '/api/inquiries/export?type=cabs&q=keep')).text();
    expect(text).toContain('Keep Me');
    expect(text).not.toContain('Drop Me');
    expect((await get(exportLoader, '/api/inquiries/export?status=open')).status).toBe(400);
  });

  test('keyset batches return every row exactly once, even with equal creation times', async () => {
    await db().delete(inquiries);
    const same = new Date();
    await db()
      .insert(inquiries)
      .values(Array.from({ length: 11 }, (_, i) => ({ type: 'contact', name: `Batch ${i}`, email: 'b@example.com', message: '', createdAt: same })));
    // Microsecond precision: rows made by one statement share now(); the cursor must not round them.
    await db()
      .insert(inquiries)
      .values(Array.from({ length: 4 }, (_, i) => ({ type: 'contact', name: `Now ${i}`, email: 'n@example.com', message: '' })));
    const seen: string[] = [];
    for await (const row of inquiryExportRows({}, 3)) seen.push(row.id);
    expect(seen).toHaveLength(15);
    expect(new Set(seen).size).toBe(15);
  });
});

describe('the OpenAPI document', () => {
  test('describes the staff endpoints with their security, and keeps the public POST', () => {
    const doc = openApiDocument() as unknown as {
      paths: Record<string, Record<string, { security?: unknown[]; responses?: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    const collection = doc.paths['/api/inquiries']!;
    expect(collection.post?.security).toBeUndefined();
    expect(collection.get?.security?.length).toBeGreaterThan(0);
    expect(Object.keys(doc.paths['/api/inquiries/{id}']!).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    expect(doc.paths['/api/inquiries/{id}']!.patch!.responses).toHaveProperty('409');
    expect(doc.paths['/api/inquiries/export']!.get!.security?.length).toBeGreaterThan(0);
    expect(doc.components.schemas).toHaveProperty('Inquiry');
    expect(doc.components.schemas).toHaveProperty('InquiryUpdate');
  });
});
