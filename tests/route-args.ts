/**
 * Arguments for calling a route's server loader or action directly in an integration test
 * (docs/testing.md, "Fixtures and factories"), typed as React Router's generated `Route.LoaderArgs`
 * and `Route.ActionArgs` (`.react-router/types/app/routes/.../+types/<route>.ts`, written by
 * `react-router typegen`): `{ request, url, pattern, params, context }`, with the route's own params.
 */
import { RouterContextProvider } from 'react-router';

/** No dynamic segments: what a route without params receives (`{}`). */
export type NoParams = Record<never, never>;

/**
 * What React Router passes a server loader or action whose route has the params `P` (each dynamic
 * segment by name, e.g. `{ id: string }`). Assignable to that route's `Route.LoaderArgs` and
 * `Route.ActionArgs`; `context` is the middleware context (`future.v8_middleware`,
 * react-router.config.ts), empty here.
 */
export type RouteArgs<P extends object = NoParams> = {
  request: Request;
  url: URL;
  pattern: string;
  params: P;
  context: Readonly<RouterContextProvider>;
};

/** A route's server loader or action, of a route with the params `P`. */
export type RouteFunction<P extends object = NoParams, R = unknown> = (args: RouteArgs<P>) => R;

/**
 * The arguments of a request for `url` (resolved against http://localhost) made with `init`, for a
 * route with the dynamic segments `params`: left out (or undefined), a route without any.
 */
export function routeArgs<P extends object = NoParams>(url: string, params?: P, init?: RequestInit): RouteArgs<P>;
export function routeArgs(url: string, params: object = {}, init?: RequestInit): RouteArgs<object> {
  return {
    request: new Request(new URL(url, 'http://localhost'), init),
    params,
    context: new RouterContextProvider(),
    pattern: '',
    url: new URL(url, 'http://localhost'),
  };
}

/** The body and status of whatever a loader returned or threw (Response or data()). */
export async function settle(run: () => unknown): Promise<{ status: number; body: unknown; headers: Headers }> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    const text = await outcome.text();
    return { status: outcome.status, body: text ? JSON.parse(text) : null, headers: outcome.headers };
  }
  if (outcome && typeof outcome === 'object' && 'type' in outcome && (outcome as { type: string }).type === 'DataWithResponseInit') {
    const d = outcome as unknown as { data: unknown; init: ResponseInit | null };
    return { status: d.init?.status ?? 200, body: JSON.parse(JSON.stringify(d.data)), headers: new Headers(d.init?.headers) };
  }
  return { status: 200, body: JSON.parse(JSON.stringify(outcome)), headers: new Headers() };
}
