/**
 * The server side shared by the admin lists of packages, bikes and cars: reading `?q=&page=&delete=`
 * and the delete action (docs/product.md#admin-lists: delete asks for confirmation, then shows its toast; bookings
 * and inquiries that pointed to the item keep its name).
 */
import { z } from 'zod';
import { requireAdmin } from '~/lib/auth.server';
import { isUuid } from '~/lib/ids';
import { logger } from '~/lib/logger.server';
import { redirectWithToast } from '~/lib/toast.server';
import { MAX_PAGE, readPageQuery, searchTerm } from '~/schemas/catalog-query';
import { ADMIN_PAGE_SIZE, adminListHref } from './list-query';

const adminListQuerySchema = z.object({
  q: searchTerm,
  page: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
  delete: z.string().refine(isUuid).optional(),
});

export type AdminListQuery = {
  /** Search text, trimmed ('' for none). */
  q: string;
  /** 1-based page number. */
  page: number;
  limit: number;
  offset: number;
  /** The row whose delete confirmation is open, if any (a UUID). */
  deleteId: string | null;
};

/** Read an admin list's query leniently: a bad value means its default, never an error. */
export function readAdminListQuery(request: Request): AdminListQuery {
  const query = readPageQuery(request, adminListQuerySchema);
  const page = query.page ?? 1;
  return {
    q: query.q ?? '',
    page,
    limit: ADMIN_PAGE_SIZE,
    offset: (page - 1) * ADMIN_PAGE_SIZE,
    deleteId: query.delete ?? null,
  };
}

/**
 * The action of an admin list: `intent=delete` with `id` deletes that row, then redirects to the same
 * list (same search and page) with a success toast, or an error toast when the id is unknown, the
 * form is wrong or the delete fails. Always throws the redirect (or the guard's Response).
 */
export async function deleteFromList(
  request: Request,
  options: { pathname: string; remove: (id: string) => Promise<boolean>; success: string; failure: string },
): Promise<never> {
  const auth = await requireAdmin(request);
  const { q, page } = readAdminListQuery(request);
  const back = adminListHref(options.pathname, { q, page });
  const form = await request.formData().catch(() => null);
  const intent = form?.get('intent');
  const id = form?.get('id');
  let deleted = false;
  if (intent === 'delete' && typeof id === 'string' && isUuid(id)) {
    try {
      deleted = await options.remove(id);
    } catch (error) {
      logger.error({ err: error, event: 'admin_delete_failed', path: options.pathname, id }, 'delete failed');
    }
    if (deleted) logger.info({ event: 'admin_delete', path: options.pathname, id, username: auth.user.username }, 'deleted');
  }
  throw await redirectWithToast(back, deleted ? { type: 'success', title: options.success } : { type: 'error', title: options.failure });
}
