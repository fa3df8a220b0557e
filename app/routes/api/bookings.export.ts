/** Stub until the back office part 2 fills it: guarded, answers 501. */
import { requireAdmin } from '~/lib/auth.server';
import { apiError } from '~/lib/api.server';

export async function loader({ request }: { request: Request }) {
  await requireAdmin(request);
  return apiError(501, 'Not implemented yet');
}

export async function action({ request }: { request: Request }) {
  await requireAdmin(request);
  return apiError(501, 'Not implemented yet');
}
