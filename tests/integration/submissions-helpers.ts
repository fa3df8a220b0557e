/** Shared helpers of the submissions tests: POST to an API action directly, valid bodies. */
import { todayInIndia } from '~/lib/format';
import { routeArgs, settle, type RouteFunction } from '../route-args';

export function inDays(days: number): string {
  const [y, m, d] = todayInIndia().split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** POST `body` (object → JSON, string → as is) to an action; returns status, JSON body, headers. */
export function post(action: RouteFunction, url: string, body: unknown, headers: Record<string, string> = {}) {
  const init: RequestInit = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://localhost', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
  return settle(() => action(routeArgs(url, {}, init)));
}

export const traveller = { name: 'Pema Lhamu', email: 'pema@example.com', phone: '+91 98320 12345' };
