/**
 * The server side shared by the admin lists of packages, bikes and cars: reading `?q=&page=&delete=`,
 * the loader's steps (one page of rows, the confirmation's target) and the delete action
 * (docs/product.md#admin-lists: search in the URL, 20 a page newest first; delete asks for
 * confirmation, then shows its toast; bookings and inquiries that pointed to the item keep its name).
 */
import { redirect } from 'react-router';
import { z } from 'zod';
import { auditActor, requireAdmin, requirePermission } from '~/services/admin-guard.server';
import { isUuid } from '~/lib/ids';
import { logger } from '~/lib/logger.server';
import { can } from '~/lib/permissions';
import { listHref } from '~/lib/list-href';
import { redirectWithToast } from '~/lib/toast.server';
import type { AuditActor } from '~/models/audit.server';
import { MAX_PAGE, pageCount, readPageQuery, searchTerm } from '~/schemas/catalog-query';
import type { AdminListData } from '~/components/admin/catalog-list-page';

export type { AdminListData };

/** Rows on one page of an admin list. */
export const ADMIN_PAGE_SIZE = 20;

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
 * The loader of an admin list, after the guard: one page of `list` (newest first, the search
 * applied) as `row`s. A page past the last redirects to the last (search kept). With `?delete=<id>`
 * the confirmation's record is looked up on this page, else with `get`; an unknown id opens nothing,
 * and so does any id for a user who may not delete (`canDelete` false: the table shows no Delete).
 * Throws the guard's Response or the redirect.
 */
export async function loadAdminList<Item extends { id: string }, Row>(
  request: Request,
  options: {
    /** The list's path, e.g. '/admin/cars'. */
    pathname: string;
    list: (query: AdminListQuery) => Promise<{ items: Item[]; total: number }>;
    get: (id: string) => Promise<Item | null>;
    /** The record's name in the confirmation: its title or model. */
    name: (item: Item) => string;
    /** What the table shows of a record. */
    row: (item: Item) => Row;
  },
): Promise<AdminListData<Row>> {
  const auth = await requireAdmin(request);
  const canDelete = can(auth.user.role, 'delete');
  const query = readAdminListQuery(request);
  const { items, total } = await options.list(query);
  const pages = pageCount(total, ADMIN_PAGE_SIZE);
  if (query.page > pages) throw redirect(listHref(options.pathname, { q: query.q, page: pages }));
  const target = canDelete && query.deleteId ? (items.find((item) => item.id === query.deleteId) ?? (await options.get(query.deleteId))) : null;
  return {
    rows: items.map(options.row),
    total,
    page: query.page,
    pages,
    pageSize: ADMIN_PAGE_SIZE,
    q: query.q,
    confirm: target ? { id: target.id, name: options.name(target) } : null,
    canDelete,
  };
}

/**
 * The action of an admin list: `intent=delete` with `id` deletes that row, then redirects to the same
 * list (same search and page) with a success toast, or an error toast when the id is unknown, the
 * form is wrong or the delete fails. `remove` gets the signed-in user as the audit actor and records
 * the entry in the delete's transaction (docs/decisions/017-audit-log.md). Always throws the redirect
 * (or the guard's Response; 403 for a user without the delete permission).
 */
export async function deleteFromList(
  request: Request,
  options: { pathname: string; remove: (id: string, actor: AuditActor) => Promise<boolean>; success: string; failure: string },
): Promise<never> {
  // Deleting is for the admin role (docs/decisions/045-security-round-two.md, section 9): 403 for staff.
  const auth = await requirePermission(request, 'delete');
  const { q, page } = readAdminListQuery(request);
  const back = listHref(options.pathname, { q, page });
  const form = await request.formData().catch(() => null);
  const intent = form?.get('intent');
  const id = form?.get('id');
  let deleted = false;
  if (intent === 'delete' && typeof id === 'string' && isUuid(id)) {
    try {
      deleted = await options.remove(id, auditActor(auth, request));
    } catch (error) {
      logger.error({ err: error, event: 'admin_delete_failed', path: options.pathname, id }, 'delete failed');
    }
    if (deleted) logger.info({ event: 'admin_delete', path: options.pathname, id, username: auth.user.username }, 'deleted');
  }
  throw await redirectWithToast(back, deleted ? { type: 'success', title: options.success } : { type: 'error', title: options.failure });
}
