/**
 * The admin guard sweep (docs/decisions/004-staff-authentication.md): walks the whole route table
 * (app/routes.ts) and asserts that every /admin route (except the login page) and every API method
 * that is not on the short public list refuses an anonymous request, an expired session (idle and
 * absolute) and a forged token. A route added later without `requireAdmin` fails here. It also sends
 * every admin and API change with a live session cookie from another site, the path spelled in upper
 * case and percent-encoded, at the routes and through the Express layer in front of them: 403 and
 * nothing written (docs/decisions/045-security-round-two.md, section 1).
 *
 * It also walks the table with a signed-in `staff`-role user (the permission table of
 * app/lib/permissions.ts, docs/decisions/045-security-round-two.md section 9): every admin-only page
 * and API method, and every DELETE of the API, answers 403; every other admin page opens.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import express from 'express';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '~/db/client.server';
import { auditLog, sessions } from '~/db/schema';
import { refuseCrossSiteWrites } from '~/lib/origin-check.server';
import { sessionCookieHeader } from '~/services/admin-guard.server';
import { recordAuditNow } from '~/models/audit.server';
import { newToken } from '~/models/session.server';
import routes from '~/routes';
import { openApiDocument } from '~/routes/api/openapi';
import { createStaffSession } from '../auth-helpers';
import { routeArgs } from '../route-args';

type RouteEntry = { id?: string; path?: string; file: string; index?: boolean; children?: RouteEntry[] };
type FlatRoute = { path: string; file: string };

/** Every route with its full path ('admin/packages/edit/:id'). */
function flatten(entries: RouteEntry[], parent = ''): FlatRoute[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ''].filter(Boolean).join('/');
    return [{ path: full, file: entry.file }, ...flatten(entry.children ?? [], full)];
  });
}

const all = flatten(routes as RouteEntry[]);
const adminPages = all.filter((r) => (r.path === 'admin' || r.path.startsWith('admin/')) && r.path !== 'admin/login');
const apiRoutes = all.filter((r) => r.path.startsWith('api/'));

/** API methods anyone may call: the public catalogue, visitor submissions, sign-in, the API description. */
const PUBLIC_API = new Set([
  'GET api/packages',
  'GET api/packages/:id',
  'GET api/bikes',
  'GET api/bikes/:id',
  'GET api/cars',
  'GET api/cars/:id',
  'GET api/openapi.json',
  'GET api/*',
  'POST api/*',
  'PUT api/*',
  'PATCH api/*',
  'DELETE api/*',
  'POST api/inquiries',
  'POST api/bookings',
  'POST api/auth/login',
  // Razorpay's deliveries: authenticated by their signature, answered by server/razorpay-webhook.ts
  // before the route table (tests/integration/razorpay-webhook.test.ts).
  'POST api/webhooks/razorpay',
]);
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const SOME_ID = '3f2a5c1e-8b4d-4c6e-9a7b-1d2e3f4a5b6c';
const urlOf = (routePath: string) => `/${routePath.replace(/:id\b/g, SOME_ID).replace('*', 'anything/here')}`;

type Module = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };
async function load(file: string): Promise<Module> {
  return (await import(/* @vite-ignore */ path.resolve('app', file))) as Module;
}

/** Status and Location of what a loader or action returned or threw. */
async function outcome(run: () => unknown): Promise<{ status: number; location: string | null }> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location') };
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
    const init = (result as { init: ResponseInit | null }).init;
    return { status: init?.status ?? 200, location: new Headers(init?.headers).get('Location') };
  }
  return { status: 200, location: null };
}

function call(mod: Module, method: string, url: string, headers: Record<string, string>) {
  const handler = method === 'GET' ? mod.loader : mod.action;
  const init: RequestInit = { method, headers: { Origin: 'http://localhost', 'Content-Type': 'application/json', ...headers } };
  if (method !== 'GET') init.body = '{}';
  return outcome(() => handler!(routeArgs(url, { id: SOME_ID, '*': 'anything/here' }, init)));
}

/** The credentials every protected route must refuse. */
const credentials: Record<string, () => Promise<Record<string, string>>> = {
  anonymous: async () => ({}),
  'forged cookie': async () => ({ Cookie: (await sessionCookieHeader(newToken())).split(';')[0]! }),
  'forged bearer token': async () => ({ Authorization: `Bearer ${newToken()}` }),
  'idle session (cookie)': async () => {
    const s = await createStaffSession();
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 60 * 60 * 1000 - 1000) })
      .where(eq(sessions.id, s.sessionId));
    return { Cookie: s.cookie };
  },
  'session past its absolute end (bearer)': async () => {
    const s = await createStaffSession();
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, s.sessionId));
    return { Authorization: s.authorization };
  },
};

let live: Awaited<ReturnType<typeof createStaffSession>>;
beforeAll(async () => {
  live = await createStaffSession();
});

describe('the route table', () => {
  test('has admin pages and API routes to sweep', () => {
    expect(adminPages.map((r) => r.path)).toEqual(expect.arrayContaining(['admin', 'admin/packages', 'admin/cars/edit/:id', 'admin/logout']));
    expect(apiRoutes.map((r) => r.path)).toEqual(expect.arrayContaining(['api/packages', 'api/uploads', 'api/auth/logout']));
  });
});

describe.each(Object.keys(credentials))('%s', (kind) => {
  test('every admin page loader and action redirects to the login page', async () => {
    const headers = await credentials[kind]!();
    let checked = 0;
    for (const route of adminPages) {
      const mod = await load(route.file);
      for (const method of ['GET', 'POST'] as const) {
        if (!(method === 'GET' ? mod.loader : mod.action)) continue;
        const { status, location } = await call(mod, method, urlOf(route.path), headers);
        expect({ route: `${method} /${route.path}`, status, location: location?.split('?')[0] }).toEqual({
          route: `${method} /${route.path}`,
          status: 302,
          location: '/admin/login',
        });
        checked++;
      }
    }
    // Every admin route has at least its loader checked.
    expect(checked).toBeGreaterThanOrEqual(adminPages.length);
  });

  test('every admin API method answers 401 (or 405 where the method does not exist)', async () => {
    const headers = await credentials[kind]!();
    const protectedMethods = new Set<string>();
    for (const route of apiRoutes) {
      const mod = await load(route.file);
      for (const method of METHODS) {
        if (PUBLIC_API.has(`${method} ${route.path}`)) continue;
        if (!(method === 'GET' ? mod.loader : mod.action)) continue;
        const { status } = await call(mod, method, urlOf(route.path), headers);
        expect({ route: `${method} /${route.path}`, refused: status === 401 || status === 405 }).toEqual({
          route: `${method} /${route.path}`,
          refused: true,
        });
        if (status === 401) protectedMethods.add(`${method} ${route.path}`);
      }
    }
    const adminWrites = ['packages', 'bikes', 'cars'].flatMap((e) => [`POST api/${e}`, `PUT api/${e}/:id`, `DELETE api/${e}/:id`]);
    expect([...protectedMethods]).toEqual(expect.arrayContaining([...adminWrites, 'POST api/uploads', 'POST api/auth/logout']));
  });
});

describe('a live session', () => {
  test('opens every admin page (no redirect to the login page)', async () => {
    for (const route of adminPages) {
      if (route.path === 'admin/logout') continue; // GET /admin/logout goes to the dashboard
      const mod = await load(route.file);
      if (!mod.loader) continue;
      const { location } = await call(mod, 'GET', urlOf(route.path), { Cookie: live.cookie });
      expect({ route: route.path, location }).toEqual({ route: route.path, location: null });
    }
  });
});

describe('the OpenAPI document', () => {
  test('describes every API route, and every admin operation with its security schemes', () => {
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const documented = Object.keys(doc.paths);
    for (const route of apiRoutes) {
      if (route.path === 'api/*' || route.path === 'api/openapi.json') continue;
      expect(documented).toContain(`/${route.path.replace(/:(\w+)/g, '{$1}')}`);
    }
    for (const [docPath, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const key = `${method.toUpperCase()} ${docPath.slice(1).replace(/\{(\w+)\}/g, ':$1')}`;
        if (PUBLIC_API.has(key)) continue;
        expect(operation.security?.length, key).toBeGreaterThan(0);
      }
    }
  });
});

/** The same path in other spellings the router also answers. */
const SPELLINGS: Record<string, (url: string) => string> = {
  'upper case': (url) => url.replace(/^\/[a-z]+/, (head) => head.toUpperCase()).replace(/\/[a-z]/g, (s) => s.toUpperCase()),
  'percent-encoded': (url) => url.replace(/\/([a-z])/g, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`),
};
const FOREIGN = { Origin: 'https://evil.example' };
const UNSAFE = METHODS.filter((m) => m !== 'GET');

/** Rows that any change here would add or remove: audit entries and sessions. */
async function footprint() {
  const [audit] = await db().select({ n: count() }).from(auditLog);
  const [live] = await db().select({ n: count() }).from(sessions);
  return { audit: audit!.n, sessions: live!.n };
}

describe.each(Object.keys(SPELLINGS))('a live session cookie from another site, path in %s', (spelling) => {
  const spell = SPELLINGS[spelling]!;

  test('every admin page action and admin API change answers 403 and writes nothing', async () => {
    const session = await createStaffSession();
    const before = await footprint();
    const refused = new Set<string>();
    const routesToSweep = [...adminPages.map((r) => ({ route: r, methods: ['POST'] as const })), ...apiRoutes.map((r) => ({ route: r, methods: UNSAFE }))];
    for (const { route, methods } of routesToSweep) {
      const mod = await load(route.file);
      if (!mod.action) continue;
      for (const method of methods) {
        if (PUBLIC_API.has(`${method} ${route.path}`)) continue;
        const url = spell(urlOf(route.path));
        const { status } = await call(mod, method, url, { Cookie: session.cookie, ...FOREIGN });
        // 405: the method does not exist there (the sign-in API's PUT), so nothing can be written either.
        expect({ route: `${method} ${url}`, refused: status === 403 || status === 405 }).toEqual({ route: `${method} ${url}`, refused: true });
        if (status === 403) refused.add(`${method} ${route.path}`);
      }
    }
    const adminWrites = ['packages', 'bikes', 'cars'].flatMap((e) => [`POST api/${e}`, `PUT api/${e}/:id`, `DELETE api/${e}/:id`]);
    expect([...refused]).toEqual(
      expect.arrayContaining([...adminWrites, 'POST api/uploads', 'POST api/auth/logout', 'POST admin/logout', 'POST admin/packages/edit/:id']),
    );
    expect(await footprint()).toEqual(before);
    // Sign-out (page and API) is a change too: the session is still live afterwards.
    const [row] = await db().select().from(sessions).where(eq(sessions.id, session.sessionId));
    expect(row).toBeDefined();
  });

  test('the Express layer refuses the change before routing; visitors and Bearer clients pass', async () => {
    const reached: string[] = [];
    const app = express();
    app.use(refuseCrossSiteWrites);
    app.use((req, res) => {
      reached.push(`${req.method} ${req.originalUrl}`);
      res.status(204).end();
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // (Razorpay's webhook is answered before this layer, whatever cookie it carries: tests/integration/razorpay-webhook.test.ts.)
      const paths = [...adminPages, ...apiRoutes].map((r) => spell(urlOf(r.path)));
      for (const path of paths) {
        for (const method of UNSAFE) {
          const response = await fetch(base + path, { method, headers: { Cookie: live.cookie, 'Content-Type': 'application/json', ...FOREIGN }, body: '{}' });
          expect({ path, method, status: response.status }).toEqual({ path, method, status: 403 });
        }
        // No Origin and no JSON content type: a form another site's page could send.
        const bare = await fetch(base + path, { method: 'POST', headers: { Cookie: live.cookie, 'Content-Type': 'text/plain' }, body: 'x' });
        expect({ path, status: bare.status }).toEqual({ path, status: 403 });
      }
      expect(reached).toEqual([]);

      // Same site with the cookie, a visitor's public submission without it, a Bearer client: all reach their routes.
      const ok = [
        fetch(`${base}/API/packages`, { method: 'POST', headers: { Cookie: live.cookie, Origin: base, 'Content-Type': 'application/json' }, body: '{}' }),
        fetch(`${base}/api/inquiries`, { method: 'POST', headers: { ...FOREIGN, 'Content-Type': 'application/json' }, body: '{}' }),
        fetch(`${base}/api/packages`, { method: 'POST', headers: { Authorization: live.authorization, 'Content-Type': 'application/json' }, body: '{}' }),
        // A Bearer client that also keeps the cookie of an earlier sign-in: its token authenticates it.
        fetch(`${base}/api/packages/${SOME_ID}`, { method: 'DELETE', headers: { Authorization: live.authorization, Cookie: live.cookie } }),
      ];
      expect((await Promise.all(ok)).map((r) => r.status)).toEqual([204, 204, 204, 204]);
      expect(reached).toHaveLength(4);
      // A malformed Authorization header does not authenticate, so the cookie's Origin rule applies.
      const malformed = await fetch(`${base}/api/packages/${SOME_ID}`, { method: 'DELETE', headers: { Authorization: 'Bearer x', Cookie: live.cookie } });
      expect(malformed.status).toBe(403);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

afterAll(async () => {
  await db().delete(sessions).where(eq(sessions.id, live.sessionId));
});

/** Pages only the admin role opens, loader and every action (app/lib/permissions.ts: settings, staff, accounts). */
const ADMIN_ONLY_PAGES = new Set([
  'admin/settings',
  'admin/location',
  'admin/staff',
  'admin/payments/events',
  'admin/accounts',
  'admin/accounts/documents.csv',
  'admin/accounts/summary.csv',
]);
/**
 * API routes only the admin role may call, every method, besides every DELETE: the settings (read and
 * written) and the tax documents (list, one, PDF; the `accounts` permission).
 */
const ADMIN_ONLY_API = new Set(['api/settings', 'api/documents', 'api/documents/:id', 'api/documents/:id/pdf']);
/** Pages whose forms delete (`intent=delete` with `id`). */
const DELETE_FORMS = ['admin/packages', 'admin/bikes', 'admin/cars', 'admin/inquiries'];

function postForm(mod: Module, url: string, fields: Record<string, string>, cookie: string) {
  const init: RequestInit = { method: 'POST', headers: { Cookie: cookie, Origin: 'http://localhost' }, body: new URLSearchParams(fields) };
  return outcome(() => mod.action!(routeArgs(url, { id: SOME_ID }, init)));
}

describe('a staff-role session', () => {
  let staff: Awaited<ReturnType<typeof createStaffSession>>;
  beforeAll(async () => {
    staff = await createStaffSession(undefined, 'staff');
  });

  test('gets 403 from every admin-only page (loader and action) and opens every other admin page (loader)', async () => {
    const refused: string[] = [];
    for (const route of adminPages) {
      if (route.path === 'admin/logout') continue; // signing out is everybody's
      const mod = await load(route.file);
      const adminOnly = ADMIN_ONLY_PAGES.has(route.path);
      // Other pages' actions are the daily work, or deletes (the next tests).
      for (const method of adminOnly ? (['GET', 'POST'] as const) : (['GET'] as const)) {
        if (!(method === 'GET' ? mod.loader : mod.action)) continue;
        const { status, location } = await call(mod, method, urlOf(route.path), { Cookie: staff.cookie });
        expect({ route: `${method} /${route.path}`, refused: status === 403, toLogin: location?.startsWith('/admin/login') ?? false }).toEqual({
          route: `${method} /${route.path}`,
          refused: adminOnly,
          toLogin: false,
        });
        if (status === 403) refused.push(`${method} ${route.path}`);
      }
    }
    expect(refused).toEqual(
      expect.arrayContaining([
        'GET admin/settings',
        'POST admin/settings',
        'GET admin/location',
        'POST admin/location',
        'GET admin/accounts',
        'GET admin/accounts/summary.csv',
      ]),
    );
  });

  test('gets 403 from every DELETE and every admin-only API method, and is let through elsewhere', async () => {
    for (const route of apiRoutes) {
      const mod = await load(route.file);
      for (const method of METHODS) {
        const key = `${method} ${route.path}`;
        if (PUBLIC_API.has(key) || key === 'POST api/auth/logout') continue; // signing out would end the session
        if (!(method === 'GET' ? mod.loader : mod.action)) continue;
        const { status } = await call(mod, method, urlOf(route.path), { Cookie: staff.cookie });
        const adminOnly = method === 'DELETE' || ADMIN_ONLY_API.has(route.path);
        expect({ route: key, status: adminOnly ? status : status === 401 || status === 403 ? status : 'let through' }).toEqual({
          route: key,
          status: adminOnly ? (status === 405 ? 405 : 403) : 'let through',
        });
      }
    }
    // Every record's DELETE exists and is refused (not merely absent).
    for (const path of ['api/packages/:id', 'api/bikes/:id', 'api/cars/:id', 'api/inquiries/:id', 'api/bookings/:id']) {
      const mod = await load(all.find((r) => r.path === path)!.file);
      expect({ path, status: (await call(mod, 'DELETE', urlOf(path), { Authorization: staff.authorization })).status }).toEqual({ path, status: 403 });
    }
  });

  test('gets 403 from every delete form, sees no Delete and no delete confirmation', async () => {
    for (const path of DELETE_FORMS) {
      const mod = await load(all.find((r) => r.path === path)!.file);
      const posted = await postForm(mod, urlOf(path), { intent: 'delete', id: SOME_ID }, staff.cookie);
      expect({ path, status: posted.status }).toEqual({ path, status: 403 });
      const page = (await mod.loader!(routeArgs(`${urlOf(path)}?delete=${SOME_ID}`, {}, { headers: { Cookie: staff.cookie } }))) as {
        canDelete: boolean;
        confirm: unknown;
      };
      expect({ path, canDelete: page.canDelete, confirm: page.confirm }).toEqual({ path, canDelete: false, confirm: null });
    }
  });

  test('sees the audit log without IP addresses, where an admin sees them', async () => {
    const summary = `Role sweep ${SOME_ID.slice(0, 8)} ${Date.now()}`;
    await recordAuditNow({ id: null, name: 'role-sweep', ip: '203.0.113.77' }, { action: 'update', entityType: 'settings', entityId: 'company', summary });
    const mod = await load(all.find((r) => r.path === 'admin/audit')!.file);
    const ipSeenBy = async (cookie: string) => {
      const page = (await mod.loader!(routeArgs('/admin/audit?user=role-sweep', {}, { headers: { Cookie: cookie } }))) as {
        entries: { summary: string; ip: string | null }[];
      };
      return page.entries.find((e) => e.summary === summary)?.ip;
    };
    expect(await ipSeenBy(staff.cookie)).toBeNull();
    expect(await ipSeenBy(live.cookie)).toBe('203.0.113.77');
    await db().delete(auditLog).where(eq(auditLog.summary, summary));
  });
});
