/** Arguments for calling a route's loader or action directly in an integration test. */
import { RouterContextProvider } from 'react-router';

export function routeArgs<P extends Record<string, string> = Record<string, string>>(url: string, params = {} as P, init?: RequestInit) {
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
