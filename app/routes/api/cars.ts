/** GET /api/cars?q=&category=&limit=&offset= : cars (D7). */
import { listResponse, pagingSchema, parseQuery } from '~/lib/api.server';
import { listCars } from '~/models/car.server';
import { carQuerySchema } from '~/schemas/catalog-query';
import type { Route } from './+types/cars';

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseQuery(request, carQuerySchema.extend(pagingSchema.shape));
  const { items, total } = await listCars(query);
  return listResponse(items, total);
}
