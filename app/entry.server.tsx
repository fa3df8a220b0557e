/**
 * Server rendering of documents (docs/decisions/041-page-cache.md):
 *
 * - Every document is rendered whole and sent in one piece: loaders have already run, so streaming
 *   would only add per-chunk work (compression flushes) for no earlier byte worth having.
 * - Private or personal pages carry this response's CSP nonce on React Router's inline scripts.
 * - Pages the page cache may share (`pageCache` ticket from server/app.ts) are sent without a nonce:
 *   they are rendered with a secret one that marks the scripts the framework wrote, those scripts
 *   alone are hashed into the page's own Content-Security-Policy, the mark is removed, and the page
 *   is stored with that policy (app/lib/page-cache.server.ts;
 *   docs/decisions/045-security-round-two.md, section 7).
 *
 * Unexpected errors are logged once with the request id (`handleError`); the error page shows it.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from 'react-router';
import { DocumentContext } from '~/lib/document-context';
import { logger } from '~/lib/logger.server';
import { setShareableHeaders, shareable, storePage } from '~/lib/page-cache.server';
import { publicDocument } from '~/lib/public-document.server';
import { documentWithoutScripts } from '~/lib/route-handle';
import { requestInfo, type RequestInfo } from '~/lib/request-context.server';
import { contentSecurityPolicy, createNonce, frameworkScriptHashes, videoMediaOriginsNow } from '~/lib/security-headers.server';

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
  return renderDocument(request, responseStatusCode, responseHeaders, routerContext, requestInfo(loadContext));
}

/**
 * Render the whole document into one string, then answer it in one piece. Pages the page cache may
 * share are rendered with a secret nonce; the scripts carrying it are allowed by hash in the page's
 * own Content-Security-Policy, the nonce is removed and the page is stored; every other page carries
 * this response's nonce.
 */
function renderDocument(request: Request, status: number, headers: Headers, routerContext: EntryContext, info: RequestInfo | undefined): Promise<Response> {
  const shared = info?.pageCache !== undefined;
  // A shared page is rendered with a secret nonce of its own that marks the framework's scripts;
  // it is hashed and removed before the page is sent (frameworkScriptHashes).
  const nonce = shared ? createNonce() : info?.cspNonce;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let shellReady = false;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        callback();
        done();
      },
    });
    const done = () => {
      clearTimeout(timeout);
      const rendered = Buffer.concat(chunks);
      // The rewrites edit React Router's scripts: admin documents keep them as they are, and a
      // document without scripts (app/lib/route-handle.ts) has none to edit.
      let body = isAdminPath(request) || withoutScripts(routerContext) ? rendered : Buffer.from(publicDocumentLogged(rendered.toString('utf8')));
      headers.set('Content-Type', 'text/html; charset=utf-8');
      if (shared && info && nonce) {
        const framework = frameworkScriptHashes(body.toString('utf8'), nonce);
        body = Buffer.from(framework.html);
        const hashes = framework.hashes;
        const csp = contentSecurityPolicy({ scripts: { hashes }, mediaOrigins: videoMediaOriginsNow(), upgradeInsecureRequests: isHttps(request) });
        info.setContentSecurityPolicy(csp);
        if (info.pageCache && shareable(status, headers)) {
          setShareableHeaders(headers, body);
          void storePage(info.pageCache, status, headers, body, csp);
        }
      }
      resolve(new Response(body, { headers, status }));
    };
    const { pipe, abort } = renderToPipeableStream(
      <DocumentContext.Provider value={{ nonce, requestId: info?.requestId }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellReady = true;
        },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors before the shell is ready reach handleError through React Router's retry.
          if (shellReady) logRenderError(error, request, info);
        },
      },
    );
  });
}

/** True when a matched route's handle asks for a document without scripts (app/lib/route-handle.ts). */
function withoutScripts(context: EntryContext): boolean {
  return documentWithoutScripts(context.staticHandlerContext.matches.map((match) => context.routeModules[match.route.id]?.handle));
}

/** Back-office documents (/admin and below) keep everything React Router renders. */
function isAdminPath(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** The rewrite steps already reported as missing, so each is logged once per process. */
const reportedMisses = new Set<string>();

/**
 * A public page's document as it is sent (app/lib/public-document.server.ts). A step that no longer
 * finds what it expects in React Router's output is logged once: the page still works, heavier.
 */
function publicDocumentLogged(html: string): string {
  const { html: edited, missed } = publicDocument(html);
  for (const step of missed) {
    if (reportedMisses.has(step)) continue;
    reportedMisses.add(step);
    logger.warn({ step }, "a public-document rewrite found nothing to edit: React Router's output changed shape (see app/lib/public-document.server.ts)");
  }
  return edited;
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
