/** An unknown path under /admin: guarded (an anonymous visitor learns nothing), then a 404. */
import { data, Link } from 'react-router';
import { requireAdmin } from '~/lib/auth.server';
import type { Route } from './+types/not-found';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: 'Page not found | Admin' }];

export default function AdminNotFound() {
  return (
    <div className="flex flex-col items-start gap-4">
      <h1 className="font-display text-3xl font-semibold">Page not found</h1>
      <p className="text-muted">There is no admin page at this address.</p>
      <Link to="/admin" className="font-semibold text-forest-700 underline underline-offset-4">
        Back to the dashboard
      </Link>
    </div>
  );
}
