/**
 * The rewrites of public documents (app/lib/public-document.server.ts) on React Router 7.18.4's own
 * output. `tests/fixtures/react-router-document.html` is /admin/login as that version renders it
 * (back-office documents are not rewritten), with its CSP nonces removed, as public documents have
 * none. Each test fails, naming its step, when a rewrite no longer finds what it expects. After a
 * React Router upgrade, capture it again from a production build and see which step fails:
 *
 *   npm start &  curl -s http://localhost:3000/admin/login | sed -E 's/ nonce="[^"]*"//g' > tests/fixtures/react-router-document.html
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { hydrateAfterFirstPaint, publicDocument, withCompactManifest, withoutModulePreloads } from './public-document.server';

const rendered = readFileSync(new URL('../../tests/fixtures/react-router-document.html', import.meta.url), 'utf8');

/** The route manifest inlined in a document, parsed. */
function manifestOf(html: string): { entry: { imports: string[] }; routes: Record<string, Record<string, unknown> & { imports?: string[] }> } {
  const match = /window\.__reactRouterManifest = (\{[\s\S]*?\});\n {2}window\.__reactRouterRouteModules/.exec(html);
  expect(match, 'the route manifest where React Router 7.18.4 prints it').not.toBeNull();
  return JSON.parse(match![1]!);
}

describe("React Router's output has the shape the rewrites expect", () => {
  test('withoutModulePreloads: the module preloads are removed and nothing else', () => {
    expect(rendered, 'React Router prints <link rel="modulepreload"> in the head').toContain('<link rel="modulepreload"');
    const edited = withoutModulePreloads(rendered);
    expect(edited, 'withoutModulePreloads found no module preload').not.toBeNull();
    expect(edited).not.toContain('modulepreload');
    expect(edited!.replace(/\s/g, '').length).toBeLessThan(rendered.replace(/\s/g, '').length);
    expect(edited).toContain('<script type="module"');
  });

  test('withCompactManifest: the same manifest, compact, without false flags nor the entry imports repeated', () => {
    const before = manifestOf(rendered);
    const edited = withCompactManifest(rendered);
    expect(edited, 'withCompactManifest did not find the manifest where React Router 7.18.4 prints it').not.toBeNull();
    const after = manifestOf(edited!);
    expect(edited!.length).toBeLessThan(rendered.length - 500);
    expect(Object.keys(after.routes)).toEqual(Object.keys(before.routes));
    expect(after.entry).toEqual(before.entry);
    for (const [id, route] of Object.entries(before.routes)) {
      const compact = after.routes[id]!;
      // Every true or non-boolean field kept; only `false` flags dropped.
      for (const [key, value] of Object.entries(route)) {
        if (key === 'imports') continue;
        if (value === false) expect(compact).not.toHaveProperty(key);
        else expect(compact[key]).toEqual(value);
      }
      expect(compact.imports ?? []).toEqual((route.imports ?? []).filter((url) => !before.entry.imports.includes(url)));
    }
  });

  test('hydrateAfterFirstPaint: the static route imports become dynamic ones after the first paint', () => {
    const statics = [...rendered.matchAll(/import \* as (route\d+) from "([^"]+)";/g)];
    expect(statics.length, 'React Router imports the route modules with `import * as routeN from`').toBeGreaterThan(0);
    const edited = hydrateAfterFirstPaint(rendered);
    expect(edited, 'hydrateAfterFirstPaint found no static route import').not.toBeNull();
    expect(edited).not.toMatch(/import \* as route\d+ from/);
    const names = statics.map((m) => m[1]).join(',');
    const urls = statics.map((m) => `import("${m[2]}")`).join(',');
    expect(edited).toContain(`await new Promise(go=>`);
    expect(edited).toContain(`const [${names}]=await Promise.all([${urls}]);`);
    // The rest of the module script (the entry import and the route modules' registration) stays.
    expect(edited).toContain('window.__reactRouterRouteModules');
  });

  test('publicDocument applies the three and misses none', () => {
    const { html, missed } = publicDocument(rendered);
    expect(missed).toEqual([]);
    expect(html).not.toContain('modulepreload');
    expect(html).not.toMatch(/import \* as route\d+ from/);
  });
});

describe('a document of another shape', () => {
  test('is left as it was, and each step that found nothing is named', () => {
    const other = '<!DOCTYPE html><html><head><title>x</title></head><body><script type="module">import("/app.js")</script></body></html>';
    expect(publicDocument(other)).toEqual({ html: other, missed: ['withoutModulePreloads', 'withCompactManifest', 'hydrateAfterFirstPaint'] });
  });

  test('a manifest that is not JSON is left as it was', () => {
    const broken = rendered.replace('window.__reactRouterManifest = {', 'window.__reactRouterManifest = {,');
    expect(withCompactManifest(broken)).toBeNull();
  });
});
