/** Edit cars (stub: being built). */
import { requireAdmin } from '~/lib/auth.server';
import type { Route } from './+types/edit';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return <h1 className="text-2xl font-semibold">Edit cars</h1>;
}
