/** New packages (stub: being built). */
import { requireAdmin } from '~/lib/auth.server';
import type { Route } from './+types/new';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return <h1 className="text-2xl font-semibold">New packages</h1>;
}
