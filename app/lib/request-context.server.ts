/**
 * What the Express layer (server/app.ts) hands to React Router for one request, through the
 * router context (React Router's middleware mode): the request id that the logs and the error page
 * show, the CSP nonce, and the page-cache ticket (docs/decisions/039-errors-that-explain-themselves.md,
 * 038-security-headers.md, 041-page-cache.md).
 */
import { createContext, RouterContextProvider } from 'react-router';
import type { PageCacheTicket } from './page-cache.server';

export type RequestInfo = {
  /** The id of this request in the logs and the `X-Request-Id` header. */
  requestId: string;
  /** This response's CSP nonce (base64). */
  cspNonce: string;
  /** Set when the page may be shared: the renderer buffers it, hashes its scripts and stores it. */
  pageCache?: PageCacheTicket;
  /** Replace the response's Content-Security-Policy (a cached page's hash policy). */
  setContentSecurityPolicy: (value: string) => void;
};

export const requestInfoContext = createContext<RequestInfo>();

/** A router context holding `info` (server/app.ts getLoadContext). */
export function routerContextFor(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}

/** The request info of a router context, or undefined outside the Express server (tests). */
export function requestInfo(context: unknown): RequestInfo | undefined {
  if (!(context instanceof RouterContextProvider)) return undefined;
  try {
    return context.get(requestInfoContext);
  } catch {
    return undefined;
  }
}
