/** GET /api/cars/:id : the car, or 404 `{error}` (D7). */
import { notFound } from '~/lib/api.server';
import { getCar } from '~/models/car.server';
import type { Route } from './+types/car';

export async function loader({ params }: Route.LoaderArgs) {
  const car = await getCar(params.id);
  if (!car) throw notFound('Car');
  return car;
}
