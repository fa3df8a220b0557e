/** An unknown path under /admin: guarded (an anonymous visitor learns nothing), then a 404. */
import { data, Link } from 'react-router';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { buttonClass } from '~/components/ui/button';
import { requireAdmin } from '~/services/admin-guard.server';
import type { Route } from './+types/not-found';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => adminMeta('Page not found');

export default function AdminNotFound() {
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Page not found" />
      <div className="flex flex-col items-start gap-4 card p-6 shadow-sm">
        <p className="text-muted">There is no admin page at this address. Use the menu, or go back to the dashboard.</p>
        <Link to="/admin" className={buttonClass('primary', 'md')}>
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}
