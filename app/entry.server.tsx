/**
 * Server rendering of documents (docs/decisions/041-page-cache.md):
 *
 * - Every document is rendered whole and sent in one piece: loaders have already run, so streaming
 *   would only add per-chunk work (compression flushes) for no earlier byte worth having.
 * - Private or personal pages carry this response's CSP nonce on React Router's inline scripts.
 * - Pages the page cache may share (`pageCache` ticket from server/app.ts) have no nonce: their
 *   inline scripts are hashed into the page's own Content-Security-Policy and the page is stored
 *   (app/lib/page-cache.server.ts).
 *
 * Unexpected errors are logged once with the request id (`handleError`); the error page shows it.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from 'react-router';
import { DocumentContext } from '~/lib/document-context';
import { logger } from '~/lib/logger.server';
import { setShareableHeaders, shareable, storePage } from '~/lib/page-cache.server';
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
  return renderDocument(request, responseStatusCode, responseHeaders, routerContext, requestInfo(loadContext));
}

/**
 * Render the whole document into one string, then answer it in one piece. Pages the page cache may
 * share are rendered without a nonce, their inline scripts are allowed by hash in the page's own
 * Content-Security-Policy, and the page is stored; every other page carries this response's nonce.
 */
function renderDocument(request: Request, status: number, headers: Headers, routerContext: EntryContext, info: RequestInfo | undefined): Promise<Response> {
  const shared = info?.pageCache !== undefined;
  const nonce = shared ? undefined : info?.cspNonce;
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
      const body = isAdminPath(request) ? rendered : Buffer.from(publicDocument(rendered.toString('utf8')));
      headers.set('Content-Type', 'text/html; charset=utf-8');
      if (shared && info) {
        const hashes = inlineScriptHashes(body.toString('utf8'));
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

/** Back-office documents (/admin and below) keep everything React Router renders. */
function isAdminPath(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * What a public page's document becomes before it is sent (docs/decisions/023-public-page-speed.md):
 * no module preloads, React Router's scripts compact, and the module script waiting for the first
 * paint. Each step returns its input unchanged when it does not find what it expects.
 */
function publicDocument(html: string): string {
  return hydrateAfterFirstPaint(withCompactManifest(withCompactRouterContext(withCompactScrollScript(withoutModulePreloads(html)))));
}

/**
 * React Router's scroll-restoration script, printed from its source with the source's indentation:
 * the same code without the spaces that start each line (the line breaks stay, so the code means the
 * same). About 170 bytes of every public document.
 */
function withCompactScrollScript(html: string): string {
  return html.replace(/(<script\b[^>]*>)(\(\(storageKey\w*, restoreKey\) => \{[\s\S]*?)(<\/script>)/, (_script, open: string, code: string, close: string) => open + code.replace(/\n[ \t]+/g, '\n') + close);
}

/**
 * `html` with the JSON that React Router prints between `start` and `end` replaced by
 * `edit(parsed)`, written compact. The document is returned as it was when either marker is missing
 * or the text between them is not JSON in the shape `edit` expects (it throws).
 */
function withEditedJson<T>(html: string, start: string, end: string, edit: (value: T) => T): string {
  const from = html.indexOf(start);
  const to = from < 0 ? -1 : html.indexOf(end, from);
  if (to < 0) return html;
  try {
    const edited = edit(JSON.parse(html.slice(from + start.length, to)) as T);
    return html.slice(0, from + start.length) + JSON.stringify(edited) + html.slice(to);
  } catch {
    return html;
  }
}

/** `flags` without the entries that are `false`: React Router only tests its flags for truth. */
function withoutFalseFlags<T extends Record<string, unknown>>(flags: T): T {
  return Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== false)) as T;
}

/** Where React Router's script starts and ends the context it hands to the browser. */
const CONTEXT_START = 'window.__reactRouterContext = ';
const CONTEXT_END = ';window.__reactRouterContext.stream = ';

/**
 * React Router's context script without the future flags that are false (about 120 bytes of every
 * public document).
 */
function withCompactRouterContext(html: string): string {
  return withEditedJson<{ future: Record<string, unknown> }>(html, CONTEXT_START, CONTEXT_END, (context) => ({
    ...context,
    future: withoutFalseFlags(context.future),
  }));
}

/**
 * A public document without React Router's `<link rel="modulepreload">`s
 * (docs/decisions/023-public-page-speed.md). They ask for the whole first-load JavaScript (108 to
 * 146 KB) at high priority before the first paint, where it competes with the stylesheet and the
 * fonts on a slow link; that cost a phone about 0.7 s of largest contentful paint. The module script
 * at the end of `<body>` still imports the same modules, so the page hydrates as before, only after
 * it has painted. The page is complete and works without JavaScript either way.
 */
function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload"[^>]*>/g, '');
}

/** Where React Router's module script starts and ends the route manifest it inlines. */
const MANIFEST_START = 'window.__reactRouterManifest = ';
const MANIFEST_END = ';\n  window.__reactRouterRouteModules';

/** The part of React Router's route manifest this file trims (its `AssetsManifest`). */
type InlinedManifest = { entry: { imports: string[] }; routes: Record<string, Record<string, unknown> & { imports?: string[] }> };

/**
 * The route manifest React Router inlines in the module script, compact
 * (docs/decisions/023-public-page-speed.md), about 2.3 KB less of every public document:
 * - as compact JSON (React Router prints it with two-space indents);
 * - without a route's flags that are `false` (`hasAction`, `hasClientLoader`…);
 * - without the entry's own imports (the framework and the bundler's runtime) repeated in every
 *   route's `imports`: the browser has them before any route can be visited.
 */
function withCompactManifest(html: string): string {
  return withEditedJson<InlinedManifest>(html, MANIFEST_START, MANIFEST_END, (manifest) => {
    const loaded = new Set(manifest.entry.imports);
    const routes = Object.entries(manifest.routes).map(([id, route]) => {
      const compact = withoutFalseFlags(route);
      if (Array.isArray(route.imports)) compact.imports = route.imports.filter((url) => !loaded.has(url));
      return [id, compact];
    });
    return { ...manifest, routes: Object.fromEntries(routes) };
  });
}

/**
 * A promise executor that resolves once the page has shown its first content: when the browser
 * reports the first contentful paint (its time is when the frame reached the screen, which can be a
 * few milliseconds after the frame was drawn), in the task after that. Browsers without paint timing
 * wait for a drawn frame instead. A hidden tab paints nothing and goes at once, or when it is shown.
 */
const WAIT_FOR_FIRST_PAINT =
  // go: resolve; n: resolve in the next task; l, o: the observer's entry list and the observer. The
  // visibilitychange event bubbles from the document to the window.
  'go=>{const n=()=>setTimeout(go);if(document.hidden)return go();addEventListener("visibilitychange",go,{once:true});' +
  'PerformanceObserver.supportedEntryTypes?.includes("paint")' +
  '?new PerformanceObserver((l,o)=>{l.getEntriesByName("first-contentful-paint")[0]&&(o.disconnect(),n())}).observe({type:"paint",buffered:true})' +
  ':requestAnimationFrame(n)}';

/**
 * React Router's module script, made to wait for the first paint (docs/decisions/023-public-page-speed.md):
 * its static `import * as routeN from "…"` lines become dynamic imports that start once the browser
 * has shown its first content (WAIT_FOR_FIRST_PAINT; the first frame waits for the stylesheet), or at
 * once in a hidden tab, which paints nothing. Until then the phone's link and CPU belong to the
 * stylesheet, fonts and HTML. The imports still run in parallel and set the same
 * `window.__reactRouterRouteModules` before the entry module starts, so hydration is unchanged, a
 * frame or two later.
 */
function hydrateAfterFirstPaint(html: string): string {
  return html.replace(/(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/, (script, open: string, body: string, close: string) => {
    const imports: [string, string][] = [];
    const rest = body.replace(/import \* as (\w+) from ("[^"]+");/g, (_line, name: string, url: string) => {
      imports.push([name, url]);
      return '';
    });
    if (imports.length === 0) return script;
    const painted = `await new Promise(${WAIT_FOR_FIRST_PAINT});`;
    const loaded = `const [${imports.map(([name]) => name).join(',')}]=await Promise.all([${imports.map(([, url]) => `import(${url})`).join(',')}]);`;
    return `${open}${painted}${loaded}${rest}${close}`;
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
