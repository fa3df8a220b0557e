/**
 * Server rendering of documents (docs/decisions/021-production-hardening.md):
 *
 * - Private or personal pages stream as soon as their shell is ready, and React Router's inline
 *   scripts carry this response's CSP nonce.
 * - Pages the page cache may share (`pageCache` ticket from server/app.ts) are rendered whole, then
 *   their inline scripts are hashed into the page's own Content-Security-Policy and the page is
 *   stored (app/lib/page-cache.server.ts).
 * - Crawlers get the whole document too (they do not run the streamed parts).
 *
 * Unexpected errors are logged once with the request id (`handleError`); the error page shows it.
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from 'react-router';
import { DocumentContext } from '~/lib/document-context';
import { logger } from '~/lib/logger.server';
import { storePage } from '~/lib/page-cache.server';
import { requestInfo, type RequestInfo } from '~/lib/request-context.server';
import { contentSecurityPolicy, inlineScriptHashes, videoMediaOriginsNow } from '~/lib/security-headers.server';

/** How long streamed parts may take before React gives up on them (ms). */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> | Response {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  const info = requestInfo(loadContext);
  const whole = info?.pageCache !== undefined || routerContext.isSpaMode || isbot(request.headers.get('user-agent') ?? '');
  if (info?.pageCache) return renderShared(request, responseStatusCode, responseHeaders, routerContext, info);
  return renderStreaming(request, responseStatusCode, responseHeaders, routerContext, info, whole);
}

/** Stream the document with the response's nonce; `whole` waits for every part before sending. */
function renderStreaming(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  info: RequestInfo | undefined,
  whole: boolean,
): Promise<Response> {
  const nonce = info?.cspNonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeout: NodeJS.Timeout | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const ready = () => {
      shellRendered = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeout);
          timeout = undefined;
          callback();
        },
      });
      headers.set('Content-Type', 'text/html; charset=utf-8');
      pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
    };
    const { pipe, abort } = renderToPipeableStream(
      <DocumentContext.Provider value={{ nonce, requestId: info?.requestId }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentContext.Provider>,
      {
        nonce,
        ...(whole ? { onAllReady: ready } : { onShellReady: ready }),
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors before the shell is ready reach handleError through React Router's retry.
          if (shellRendered) logRenderError(error, request, info);
        },
      },
    );
  });
}

/**
 * Render the whole document without a nonce, allow its inline scripts by hash, and store it in the
 * page cache when it may be shared.
 */
function renderShared(request: Request, status: number, headers: Headers, routerContext: EntryContext, info: RequestInfo): Promise<Response> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => {
      clearTimeout(timeout);
      const html = Buffer.concat(chunks).toString('utf8');
      const csp = contentSecurityPolicy({ scripts: { hashes: inlineScriptHashes(html) }, mediaOrigins: videoMediaOriginsNow(), upgradeInsecureRequests: isHttps(request) });
      info.setContentSecurityPolicy(csp);
      headers.set('Content-Type', 'text/html; charset=utf-8');
      if (info.pageCache) void storePage(info.pageCache, status, headers, html, csp);
      resolve(new Response(html, { headers, status }));
    });
    const { pipe, abort } = renderToPipeableStream(
      <DocumentContext.Provider value={{ requestId: info.requestId }}>
        <ServerRouter context={routerContext} url={request.url} />
      </DocumentContext.Provider>,
      {
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          logRenderError(error, request, info);
        },
      },
    );
  });
}

/** True when the request came over https (directly or through a trusted proxy). */
function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

function logRenderError(error: unknown, request: Request, info: RequestInfo | undefined): void {
  if (request.signal.aborted) return;
  logger.error({ err: error, reqId: info?.requestId, url: new URL(request.url).pathname }, 'error while rendering a page');
}

/**
 * Log unexpected loader, action and render errors once, with the request id; thrown Responses
 * (404s, redirects) and requests the client gave up are not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || isRouteErrorResponse(error) || error instanceof Response) return;
  logger.error({ err: error, reqId: requestInfo(context)?.requestId, method: request.method, url: new URL(request.url).pathname }, 'unexpected error');
};
