/** GET /api/packages?q=&category=&limit=&offset= : package summaries (D7). */
import { listResponse, pagingSchema, parseQuery } from '~/lib/api.server';
import { listPackages } from '~/models/package.server';
import { packageQuerySchema } from '~/schemas/catalog-query';
import type { Route } from './+types/packages';

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseQuery(request, packageQuerySchema.extend(pagingSchema.shape));
  const { items, total } = await listPackages(query);
  return listResponse(items, total);
}
