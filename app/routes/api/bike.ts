/** GET /api/bikes/:id : the bike, or 404 `{error}` (D7). */
import { notFound } from '~/lib/api.server';
import { getBike } from '~/models/bike.server';
import type { Route } from './+types/bike';

export async function loader({ params }: Route.LoaderArgs) {
  const bike = await getBike(params.id);
  if (!bike) throw notFound('Bike');
  return bike;
}
