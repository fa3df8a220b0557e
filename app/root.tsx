/**
 * The document: fonts, styles, canonical and Open Graph tags
 * (docs/decisions/012-seo-and-accessibility.md), toasts, global error boundary. Site and admin
 * chrome live in their layouts.
 *
 * Fonts: Inter (weights 400-700) and Fraunces (600) from @fontsource, subset to the characters the
 * site uses by scripts/subset-fonts.ts (about 37 KB together), declared here with font-display swap
 * and preloaded, since the first view uses both.
 */
import frauncesLatin from '~/assets/fonts/fraunces-latin-600.woff2?url';
import interLatin from '~/assets/fonts/inter-latin-400-700.woff2?url';
import { useEffect } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData } from 'react-router';
import { Toaster } from '~/components/ui/toast';
import { REQUEST_ID_ELEMENT, useNonce, useRequestId } from '~/lib/document-context';
import { publicEnv } from '~/lib/env.server';
import { documentWithoutScripts } from '~/lib/route-handle';
import { SITE_NAME } from '~/lib/meta';
import type { Route } from './+types/root';
import './app.css';

/** Default share image (a raster, as most link previews ignore SVG). */
const OG_IMAGE_PATH = '/og-image.png';

export function loader() {
  return { env: publicEnv() };
}

export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: frauncesLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * zod (the form schemas, in the browser too) probes whether it may compile validators with
 * `new Function` when the first object schema is built. The probe's error is caught, but Chromium
 * still reports it as a CSP violation (no 'unsafe-eval', docs/decisions/038-security-headers.md).
 * zod's global configuration object, which `z.config()` writes, is set to jitless before any module
 * runs, so the probe never happens.
 */
const ZOD_JITLESS = 'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})';

const fontFaces = `
@font-face{font-family:'Inter Variable';font-style:normal;font-display:swap;font-weight:400 700;src:url(${interLatin}) format('woff2-variations'),url(${interLatin}) format('woff2')}
@font-face{font-family:'Fraunces Variable';font-style:normal;font-display:swap;font-weight:600;src:url(${frauncesLatin}) format('woff2')}
`;

/**
 * The attribute `<html>` carries once React has hydrated the page: from then on every control's
 * script behaviour is live. The stylesheet shows what only works with scripts by it
 * (app/app.css, `[data-hydrated]`), and tests learn a page is interactive from it instead of from a
 * framework internal (docs/architecture.md, "Controls before and after hydration").
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** Marks the document hydrated; an effect runs only in the browser, after the hydrating commit. */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, []);
}

export function Layout({ children }: { children: React.ReactNode }) {
  useHydratedMarker();
  const data = useRouteLoaderData<typeof loader>('root');
  const { pathname } = useLocation();
  // React Router's inline scripts carry this response's CSP nonce (app/entry.server.tsx).
  const nonce = useNonce();
  // A route whose handle says `scripts: false` is sent as HTML and CSS alone (app/lib/route-handle.ts).
  const scripts = !documentWithoutScripts(useMatches().map((match) => match.handle));
  const base = data?.env.PUBLIC_URL;
  const url = base ? `${base}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}` : undefined;
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f4c45" />
        {scripts ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} /> : null}
        <style dangerouslySetInnerHTML={{ __html: fontFaces }} />
        <Meta />
        {url ? (
          <>
            <link rel="canonical" href={url} />
            <meta property="og:url" content={url} />
            <meta property="og:image" content={`${base}${OG_IMAGE_PATH}`} />
            <meta property="og:image:width" content="1200" />
            <meta property="og:image:height" content="630" />
          </>
        ) : null}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={SITE_NAME} />
        <meta property="og:locale" content="en_IN" />
        <meta name="twitter:card" content="summary_large_image" />
        <Links />
      </head>
      <body className="min-h-screen bg-snow text-ink antialiased">
        {children}
        {scripts ? (
          <>
            <Toaster position="top-center" richColors closeButton />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const requestId = useRequestId();
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <title>{notFound ? 'Page Not Found' : 'Something went wrong'}</title>
      <p className="font-display text-6xl font-semibold text-forest-700">{status}</p>
      <h1 className="text-3xl font-semibold">{notFound ? 'Oops! Page Not Found' : 'Something went wrong'}</h1>
      <p className="text-muted">
        {notFound ? "The page you're looking for doesn't exist or has been moved." : 'Please try again in a moment. If it keeps happening, call or message us.'}
      </p>
      {!notFound && requestId ? (
        <p className="text-sm text-muted">
          Reference for our team:{' '}
          <code id={REQUEST_ID_ELEMENT} className="rounded bg-forest-50 px-1.5 py-0.5 text-forest-700">
            {requestId}
          </code>
        </p>
      ) : null}
      <a href="/" className="rounded-full bg-forest-700 px-6 py-3 font-semibold text-white hover:bg-forest-800">
        Back to Home
      </a>
    </main>
  );
}
