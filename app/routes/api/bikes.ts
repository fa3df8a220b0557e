/** GET /api/bikes?q=&filter=&limit=&offset= : bikes (D7). */
import { listResponse, pagingSchema, parseQuery } from '~/lib/api.server';
import { listBikes } from '~/models/bike.server';
import { bikeQuerySchema } from '~/schemas/catalog-query';
import type { Route } from './+types/bikes';

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseQuery(request, bikeQuerySchema.extend(pagingSchema.shape));
  const { items, total } = await listBikes(query);
  return listResponse(items, total);
}
