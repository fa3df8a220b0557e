/**
 * What a public page's document becomes after React Router renders it and before it is sent
 * (docs/decisions/023-public-page-speed.md): no module preloads, the inlined route manifest compact,
 * and the module script waiting for the first paint. Back-office documents are sent as React Router
 * renders them.
 *
 * These three edits are the ones that measurably pay (the table in docs/performance.md, "Which
 * rewrites of React Router's output pay"); two others (the scroll-restoration script and the router
 * context printed compactly) moved nothing beyond noise and were removed.
 *
 * They depend on the shape of React Router's output, which is why `react-router` and
 * `@react-router/*` are pinned to one exact version in package.json. When upgrading it: run
 * `npx vitest run app/lib/public-document.server.test.ts` and `npx playwright test
 * tests/e2e/public-bundle.spec.ts`; both fail, naming the step, when an edit no longer finds what it
 * expects. A step that finds nothing leaves the document as it was (the page is heavier, never
 * broken) and the renderer logs a warning naming the step.
 */

/** The names of the edits, in the order they run. */
export const PUBLIC_DOCUMENT_STEPS = ['withoutModulePreloads', 'withCompactManifest', 'hydrateAfterFirstPaint'] as const;
export type PublicDocumentStep = (typeof PUBLIC_DOCUMENT_STEPS)[number];

/** A rewritten document and the steps that did not find what they expect in it. */
export type PublicDocument = { html: string; missed: PublicDocumentStep[] };

/**
 * `html` (a whole public document as React Router rendered it) with the three edits applied.
 * `missed` lists the steps that found nothing to edit; for React Router 7.18.4's output it is empty.
 */
export function publicDocument(html: string): PublicDocument {
  const steps: Record<PublicDocumentStep, (html: string) => string | null> = { withoutModulePreloads, withCompactManifest, hydrateAfterFirstPaint };
  const missed: PublicDocumentStep[] = [];
  for (const name of PUBLIC_DOCUMENT_STEPS) {
    const edited = steps[name](html);
    if (edited === null) missed.push(name);
    else html = edited;
  }
  return { html, missed };
}

/**
 * The document without React Router's `<link rel="modulepreload">`s, or null when it has none. They
 * ask for the whole first-load JavaScript (108 to 146 KB) at high priority before the first paint,
 * where it competes with the stylesheet and the fonts on a slow link; that cost a phone about 0.7 s
 * of largest contentful paint. The module script at the end of `<body>` still imports the same
 * modules, so the page hydrates as before, only after it has painted.
 */
export function withoutModulePreloads(html: string): string | null {
  const edited = html.replace(/<link rel="modulepreload"[^>]*>/g, '');
  return edited === html ? null : edited;
}

/** Where React Router's module script starts and ends the route manifest it inlines. */
const MANIFEST_START = 'window.__reactRouterManifest = ';
const MANIFEST_END = ';\n  window.__reactRouterRouteModules';

/** The part of React Router's route manifest this file trims (its `AssetsManifest`). */
type InlinedManifest = { entry: { imports: string[] }; routes: Record<string, Record<string, unknown> & { imports?: string[] }> };

/**
 * The document with the route manifest that React Router inlines in its module script written
 * compactly, or null when the manifest is not where 7.18.4 prints it or is not JSON of the expected
 * shape. About 1.4 KB less of every public document (6 to 7 % of the smaller pages):
 * - as compact JSON (React Router prints it with two-space indents);
 * - without a route's flags that are `false` (`hasAction`, `hasClientLoader`…; React Router only
 *   tests them for truth);
 * - without the entry's own imports (the framework and the bundler's runtime) repeated in every
 *   route's `imports`: the browser has them before any route can be visited.
 */
export function withCompactManifest(html: string): string | null {
  const from = html.indexOf(MANIFEST_START);
  const to = from < 0 ? -1 : html.indexOf(MANIFEST_END, from);
  if (to < 0) return null;
  let manifest: InlinedManifest;
  try {
    manifest = JSON.parse(html.slice(from + MANIFEST_START.length, to)) as InlinedManifest;
  } catch {
    return null;
  }
  if (!Array.isArray(manifest?.entry?.imports) || typeof manifest.routes !== 'object' || manifest.routes === null) return null;
  const loaded = new Set(manifest.entry.imports);
  const routes = Object.entries(manifest.routes).map(([id, route]) => {
    const compact: Record<string, unknown> = Object.fromEntries(Object.entries(route).filter(([, value]) => value !== false));
    if (Array.isArray(route.imports)) compact.imports = route.imports.filter((url) => !loaded.has(url));
    return [id, compact];
  });
  return html.slice(0, from + MANIFEST_START.length) + JSON.stringify({ ...manifest, routes: Object.fromEntries(routes) }) + html.slice(to);
}

/**
 * A promise executor that resolves once the page has shown its first content: when the browser
 * reports the first contentful paint (its time is when the frame reached the screen, which can be a
 * few milliseconds after the frame was drawn), in the task after that. Browsers without paint timing
 * wait for a drawn frame instead. A hidden tab paints nothing and goes at once, or when it is shown.
 */
export const WAIT_FOR_FIRST_PAINT =
  // go: resolve; n: resolve in the next task; l, o: the observer's entry list and the observer. The
  // visibilitychange event bubbles from the document to the window.
  'go=>{const n=()=>setTimeout(go);if(document.hidden)return go();addEventListener("visibilitychange",go,{once:true});' +
  'PerformanceObserver.supportedEntryTypes?.includes("paint")' +
  '?new PerformanceObserver((l,o)=>{l.getEntriesByName("first-contentful-paint")[0]&&(o.disconnect(),n())}).observe({type:"paint",buffered:true})' +
  ':requestAnimationFrame(n)}';

/**
 * The document with React Router's module script made to wait for the first paint, or null when the
 * script has no static route imports: its `import * as routeN from "…"` lines become dynamic imports
 * that start once the browser has shown its first content (WAIT_FOR_FIRST_PAINT; the first frame
 * waits for the stylesheet), or at once in a hidden tab. Until then the phone's link and CPU belong
 * to the stylesheet, fonts and HTML. The imports still run in parallel and set the same
 * `window.__reactRouterRouteModules` before the entry module starts, so hydration is unchanged, a
 * frame or two later.
 */
export function hydrateAfterFirstPaint(html: string): string | null {
  let found = false;
  const edited = html.replace(/(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/, (script, open: string, body: string, close: string) => {
    const imports: [string, string][] = [];
    const rest = body.replace(/import \* as (\w+) from ("[^"]+");/g, (_line, name: string, url: string) => {
      imports.push([name, url]);
      return '';
    });
    if (imports.length === 0) return script;
    found = true;
    const painted = `await new Promise(${WAIT_FOR_FIRST_PAINT});`;
    const loaded = `const [${imports.map(([name]) => name).join(',')}]=await Promise.all([${imports.map(([, url]) => `import(${url})`).join(',')}]);`;
    return `${open}${painted}${loaded}${rest}${close}`;
  });
  return found ? edited : null;
}
