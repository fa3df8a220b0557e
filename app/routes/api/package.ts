/** GET /api/packages/:id : the whole package, or 404 `{error}` (D7). */
import { notFound } from '~/lib/api.server';
import { getPackage } from '~/models/package.server';
import type { Route } from './+types/package';

export async function loader({ params }: Route.LoaderArgs) {
  const tourPackage = await getPackage(params.id);
  if (!tourPackage) throw notFound('Package');
  return tourPackage;
}
