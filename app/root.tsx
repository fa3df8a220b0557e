/**
 * The document: fonts, styles, global error boundary. Site and admin chrome live in their layouts.
 */
import '@fontsource-variable/inter';
import '@fontsource-variable/fraunces';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import type { Route } from './+types/root';
import './app.css';

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f4c45" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-snow text-ink antialiased">
        {children}
        <Toaster position="top-center" richColors closeButton />
        <ScrollRestoration />
        <Scripts />
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
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <title>{notFound ? 'Page Not Found' : 'Something went wrong'}</title>
      <p className="font-display text-6xl font-semibold text-forest-700">{status}</p>
      <h1 className="text-3xl font-semibold">{notFound ? 'Oops! Page Not Found' : 'Something went wrong'}</h1>
      <p className="text-muted">
        {notFound
          ? "The page you're looking for doesn't exist or has been moved."
          : 'Please try again in a moment. If it keeps happening, call or message us.'}
      </p>
      <a href="/" className="rounded-full bg-forest-700 px-6 py-3 font-semibold text-white hover:bg-forest-800">
        Back to Home
      </a>
    </main>
  );
}
