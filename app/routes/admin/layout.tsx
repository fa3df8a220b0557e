/**
 * The admin area's frame (docs/product.md#admin-layout; design: neutral and dense, left sidebar): a skip link, the sidebar
 * (a menu on phones), the flash toast of the last change, and the page.
 *
 * The loader is the guard of the whole area (each page's loader calls `requireAdmin` too) and reads
 * the flash toast once, returning the header that clears its cookie, the company name, and the
 * sidebar's counts of pending bookings and inquiries, and the setup notice while PUBLIC_URL is unset. It runs again on every navigation so a toast
 * shows on the page it was meant for and not after, and on every live update (`LiveUpdates`, one
 * EventSource per tab, docs/decisions/018-live-updates.md) so the counts stay current.
 */
import { data, isRouteErrorResponse, Link, Outlet, useNavigation, useRouteLoaderData } from 'react-router';
import { FlashStatus } from '~/components/admin/flash-status';
import { PUBLIC_URL_NOTICE, SetupNotice } from '~/components/admin/setup-notice';
import { LiveUpdates } from '~/components/admin/live-updates';
import { AdminSidebar, type AdminCounts, type AdminUser } from '~/components/admin/sidebar';
import { UnsavedChangesGuard } from '~/components/admin/unsaved-changes';
import { buttonClass } from '~/components/ui/button';
import { requireAdmin } from '~/services/admin-guard.server';
import { env } from '~/lib/env.server';
import { SITE_NAME } from '~/lib/meta';
import { readToast } from '~/lib/toast.server';
import { getPendingCounts } from '~/models/dashboard.server';
import { getSettings } from '~/models/settings.server';
import type { Route } from './+types/layout';

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request);
  const [{ toast, headers }, { company }, counts] = await Promise.all([readToast(request), getSettings(['company']), getPendingCounts()]);
  // Until PUBLIC_URL is set, signed-in staff see why it matters (docs/decisions/045-security-round-two.md).
  const setupNotice = env().PUBLIC_URL_SET ? null : PUBLIC_URL_NOTICE;
  return data(
    { user: { name: user.name, username: user.username, role: user.role }, toast, siteName: company.name || SITE_NAME, counts, setupNotice },
    { headers },
  );
}

/** Always re-read: the toast belongs to one page view, and a lost session should show at once. */
export function shouldRevalidate() {
  return true;
}

export const meta: Route.MetaFunction = () => [{ title: 'Admin' }, { name: 'robots', content: 'noindex, nofollow' }];

/**
 * Skip link, sidebar and main area; `children` is the page (or an error message). The main area is
 * `aria-busy` while a navigation or form submission is under way, so assistive technology waits
 * for the new content (and tests learn the router is idle from the page, not a framework internal).
 */
function AdminFrame({
  user,
  siteName,
  counts = null,
  children,
}: {
  user: AdminUser | null;
  siteName: string;
  counts?: AdminCounts | null;
  children: React.ReactNode;
}) {
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="min-h-dvh bg-mist text-ink md:flex print:bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-3 focus:font-semibold focus:text-forest-800 focus:shadow-lg"
      >
        Skip to main content
      </a>
      {/* Printed pages (the duty sheet) show only the page itself, without the admin chrome. */}
      <div className="contents print:hidden">
        <AdminSidebar user={user} siteName={siteName} counts={counts} />
      </div>
      <main id="main" tabIndex={-1} aria-busy={busy || undefined} className="min-w-0 flex-1 px-4 pt-6 pb-16 focus:outline-none md:px-8 md:pt-8 print:p-0">
        <div className="mx-auto w-full max-w-6xl">{children}</div>
      </main>
    </div>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, toast, siteName, counts, setupNotice } = loaderData;
  return (
    <AdminFrame user={user} siteName={siteName} counts={counts}>
      <SetupNotice message={setupNotice} />
      <FlashStatus toast={toast} />
      <LiveUpdates counts={counts} />
      <UnsavedChangesGuard />
      <Outlet />
    </AdminFrame>
  );
}

/** What went wrong, in words: a route's own message for 4xx answers, a general one otherwise. */
function describe(error: unknown): { status: number | null; title: string; message: string } {
  if (isRouteErrorResponse(error)) {
    const payload = error.data as unknown;
    const own =
      typeof payload === 'string' && payload.length > 0 && payload.length < 200
        ? payload
        : typeof (payload as { message?: unknown } | null)?.message === 'string'
          ? (payload as { message: string }).message
          : null;
    if (error.status === 404) return { status: 404, title: own ?? 'Page not found', message: 'There is nothing at this address.' };
    if (error.status < 500) return { status: error.status, title: own ?? 'This request could not be completed', message: 'Go back and try again.' };
  }
  return {
    status: isRouteErrorResponse(error) ? error.status : null,
    title: 'Something went wrong',
    message: 'The page could not be loaded. Please refresh the page; if it keeps happening, try again in a few minutes.',
  };
}

/**
 * An error in the layout itself or in a page without its own boundary. The frame stays when the
 * layout's data is there (a page failed); otherwise it shows without the user's name.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layoutData = useRouteLoaderData<typeof loader>('routes/admin/layout');
  const { status, title, message } = describe(error);
  return (
    <AdminFrame user={layoutData?.user ?? null} siteName={layoutData?.siteName ?? SITE_NAME} counts={layoutData?.counts ?? null}>
      <title>{`${title} | Admin`}</title>
      <div role="alert" className="flex max-w-xl flex-col items-start gap-3 card p-6 shadow-sm">
        {status ? <p className="text-sm font-semibold tracking-[0.08em] text-muted uppercase">Error {status}</p> : null}
        <h1 className="font-display text-2xl font-semibold">{title}</h1>
        <p className="text-muted">{message}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Link to="/admin" className={buttonClass('primary', 'md')}>
            Back to the dashboard
          </Link>
        </div>
      </div>
    </AdminFrame>
  );
}
