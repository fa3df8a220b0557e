import { constants as zlibConstants } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { iconSprite } from './scripts/icon-sprite.ts';

/**
 * Form-only modules: they must stay in the lazily loaded dialog chunks, never in the shared chunk
 * that every page downloads.
 */
const FORM_ONLY =
  /[\\/]app[\\/](components[\\/]site[\\/]forms|components[\\/]ui[\\/](dialog|drawer|tabs|field|form-error)|schemas|lib[\\/]parse-submission)[\\/.]/;

/**
 * Brotli (quality 11) and gzip (level 9) copies of the browser build's scripts, styles and SVGs,
 * written once at build time and served by server.js (express-static-gzip). Compressing on the fly
 * at request time uses a fast, weaker setting; the precompressed scripts are about 15% smaller.
 */
const precompress: Plugin = {
  ...compression({
    include: /\.(js|css|svg|json|xml|txt)$/,
    threshold: 1024,
    algorithms: [defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
    logLevel: 'silent',
  }),
  applyToEnvironment: (environment) => environment.name === 'client',
};

/**
 * Admin modules: never part of a shared site chunk, so no public page downloads admin code. Left to
 * the automatic split, they land in chunks that only admin pages load
 * (tests/e2e/public-bundle.spec.ts checks the build). Browser-safe helpers that only the back office
 * uses live in app/lib/admin/ for this reason.
 */
const ADMIN = /[\\/]app[\\/](components[\\/]admin|routes[\\/]admin|lib[\\/]admin)[\\/]/;

/**
 * Modules that, of the public pages, only the catalogue's list pages (/packages, /bikes, /cars) use:
 * the filters and list layout, and the search box behaviour, page links and list addresses they
 * share with the admin lists.
 */
const CATALOG_LIST =
  /[\\/]app[\\/](components[\\/]site[\\/](catalog-filters|catalog[\\/]list-page)|components[\\/]ui[\\/](pagination|use-search-box)|lib[\\/]list-href)\./;
/**
 * What the visitor forms validate with: zod/mini with zod's core, the shared field rules
 * (app/schemas/submission-fields.ts) and the parser that gives Conform their result. The contact
 * and booking pages load it after hydration (app/components/site/forms/use-deferred-validation.ts).
 */
const ZOD_MINI = /[\\/](node_modules[\\/]zod[\\/](v4[\\/](core|mini)[\\/]|mini[\\/])|app[\\/](schemas[\\/]submission-fields|lib[\\/]parse-submission)\.)/;
/** zod's JSON Schema output, which only classic zod (the back office, the server) reaches. */
const ZOD_JSON_SCHEMA = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors|json-schema-generator|json-schema)\./;
/**
 * Modules of the traveller's booking page, which is sent without scripts, that the back office
 * shares (the travellers editor, the permits' country list and vocabulary:
 * docs/decisions/050-permits-and-manifests.md). Shared by two chunks, they would otherwise join the
 * `site` chunk every public page loads.
 */
const TRAVELLER_PAGE_ONLY = /[\\/]app[\\/](components[\\/]travellers-editor|lib[\\/]permits[\\/])/;
/** Modules only the catalogue pages (/packages, /bikes, /cars and their details) use. */
const CATALOG = /[\\/]app[\\/]components[\\/]site[\\/](catalog[\\/]|catalog-filters|cards|detail-error|not-found-view)/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), iconSprite(), precompress],
  resolve: { tsconfigPaths: true },
  environments: {
    // The server bundle's entry is our Express app (server/app.ts), which wraps the React Router build.
    // The visitor forms' dynamic imports (their schemas, app/lib/parse-submission.ts) exist to split
    // the browser's chunks, and do there. The server bundle also imports those modules statically
    // (actions, models, the API), so in it they cannot split anything, and need not.
    ssr: {
      build: {
        rollupOptions: { input: './server/app.ts' },
        rolldownOptions: { checks: { ineffectiveDynamicImport: false } },
      },
    },
    // Fewer, larger browser chunks: the default split gave a page 30+ tiny modules (one per icon),
    // each a request on a slow mobile connection.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React and React Router, which every page needs, in one file of their own. (Groups
                // pull in what their modules import, so this one must come first.)
                { name: 'framework', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
                // lucide-react, which only the back office uses (public pages draw their icons from the
                // SVG sprite, docs/decisions/002-page-weight.md#icons): one file, not one per icon.
                { name: 'lucide', test: /[\\/]node_modules[\\/]lucide-react[\\/]/ },
                // Shared site modules, with what they import (clsx, tailwind-merge, Radix Slot).
                {
                  name: 'site',
                  test: (id: string) =>
                    /[\\/]app[\\/](components|lib|content)[\\/]/.test(id) &&
                    !FORM_ONLY.test(id) &&
                    !CATALOG.test(id) &&
                    !CATALOG_LIST.test(id) &&
                    !TRAVELLER_PAGE_ONLY.test(id) &&
                    !ADMIN.test(id),
                  minShareCount: 2,
                },
                // The catalogue's shared pieces: the three list pages' (filters, pagination) and what
                // list and detail pages share (cards, detail layout, actions).
                { name: 'catalog-list', test: CATALOG_LIST, minShareCount: 2 },
                // zod/mini (with zod's core) and the visitor field rules in one file: the admin's forms
                // share them, which otherwise split the visitor forms' code into more files. Classic
                // zod, which only the back office and the server use, stays out of it
                // (docs/decisions/023-public-page-speed.md). After `site`, so the helpers they import
                // (lib/format) stay in the site chunk.
                // What the visitor forms need to render: Conform, the forms' constants and the
                // honeypot field. Before `submission-fields`, which would otherwise pull them into
                // the validation code that /contact and /booking load after hydration.
                {
                  name: 'forms',
                  test: /[\\/](node_modules[\\/]@conform-to[\\/](dom|react)[\\/]|app[\\/](schemas[\\/]submission-limits|components[\\/]site[\\/]forms[\\/]honeypot-field)\.)/,
                },
                {
                  name: 'submission-fields',
                  test: (id: string) => ZOD_MINI.test(id) && !ZOD_JSON_SCHEMA.test(id),
                },
                { name: 'catalog', test: CATALOG, minShareCount: 2 },
              ],
            },
          },
        },
      },
    },
  },
  // Rolldown's timing report names the plugins that took most of a build. Here that is React
  // Router's own (its virtual modules, route exports) and Vite's import analysis, none of which this
  // project can make faster; on a shared 2-core machine it printed on every build.
  build: { rolldownOptions: { checks: { bundlerTimings: false } } },
  server: { port: 3000 },
});
