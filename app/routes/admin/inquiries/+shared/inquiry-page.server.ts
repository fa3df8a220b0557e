/**
 * The server side of /admin/inquiries (docs/product.md#bookings-and-inquiries, #inquiry-status):
 * reading the URL, the loader's data (one page of 20 newest first, the open dialog's inquiry with its
 * pipeline, the delete confirmation's target) and the action's intents. Every intent ends in a
 * redirect with a flash toast, so the page works without JavaScript:
 * - `status` → 'Inquiry marked as {status}', or 'Failed to update inquiry status' (illegal change);
 * - `delete` → 'Inquiry deleted successfully' / 'Failed to delete inquiry'; admin role only, 403 for
 *   staff (docs/decisions/045-security-round-two.md, section 9), who see no Delete;
 * - `convert` → the new booking's page (/admin/bookings/<id>) with a toast;
 * - the pipeline panel's intents (note, follow-up, assign) → `handlePipelineIntent`
 *   (docs/decisions/016-request-pipeline.md): its message as the toast, or a field error in the panel.
 */
import { data, redirect } from 'react-router';
import { z } from 'zod';
import { auditActor, refuseUnless, requireAdmin } from '~/services/admin-guard.server';
import { INQUIRY_STATUSES, INQUIRY_TYPES, type InquiryStatus, type InquiryType } from '~/lib/constants';
import { DomainError, InvalidReference, NotFound } from '~/lib/errors.server';
import { todayInIndia } from '~/lib/format';
import { isUuid, shortReference } from '~/lib/ids';
import { logger } from '~/lib/logger.server';
import { can } from '~/lib/permissions';
import { redirectWithToast } from '~/lib/toast.server';
import { adultsFromGuests, convertInquiryToBooking, convertsToTour } from '~/models/inquiry-conversion.server';
import { deleteInquiry, getInquiry, listInquiries, setInquiryStatus } from '~/models/inquiry.server';
import { leadCodeOf, linkInquiryToLead, resolveLeadCode } from '~/models/whatsapp-leads.server';
import { handlePipelineIntent, isPipelineIntent, loadPipeline, type PipelineData, type PipelineResult } from '~/models/pipeline.server';
import type { Inquiry } from '~/db/schema';
import { ADMIN_PAGE_SIZE } from '~/routes/admin/+shared/list-route.server';
import { convertInquirySchema, inquiryActionSchema } from '~/schemas/inquiry-admin';
import { MAX_PAGE, pageCount, readPageQuery, searchTerm } from '~/schemas/catalog-query';
import { inquiriesHref, type InquiryListState } from './inquiry-url';

export const STATUS_FAILED = 'Failed to update inquiry status';
export const DELETE_SUCCESS = 'Inquiry deleted successfully';
export const DELETE_FAILED = 'Failed to delete inquiry';
export const CONVERT_FAILED = 'Failed to convert inquiry';
export const PIPELINE_FAILED = 'Failed to save the change';

/** 'Inquiry marked as completed'. */
export const statusMessage = (status: InquiryStatus) => `Inquiry marked as ${status}`;

const pageQuerySchema = z.object({
  q: searchTerm,
  type: z.enum(INQUIRY_TYPES).optional(),
  status: z.enum(INQUIRY_STATUSES).optional(),
  due: z.enum(['today', '1', 'true']).optional(),
  assigned: z.literal('me').optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
  view: z.string().refine(isUuid).optional(),
  delete: z.string().refine(isUuid).optional(),
});

/** The page's URL state, read leniently: a bad value means its default, never an error. */
export function readInquiryPageQuery(request: Request): InquiryListState & { view: string | null; deleteId: string | null } {
  const query = readPageQuery(request, pageQuerySchema);
  return {
    q: query.q ?? '',
    type: query.type ?? null,
    status: query.status ?? null,
    due: query.due !== undefined,
    mine: query.assigned === 'me',
    page: query.page ?? 1,
    view: query.view?.toLowerCase() ?? null,
    deleteId: query.delete?.toLowerCase() ?? null,
  };
}

/** What the table shows of an inquiry. */
export type InquiryRow = {
  id: string;
  reference: string;
  type: InquiryType;
  name: string;
  email: string;
  phone: string | null;
  /** Package, cab or bike name, or the contact message's subject. */
  about: string | null;
  status: InquiryStatus;
  /** ISO instant. */
  createdAt: string;
  /** The follow-up day while the inquiry is still pending (its 'Due today' / 'Overdue' badge), else null. */
  followUp: string | null;
};

/** Everything the details dialog shows (dates as ISO strings). */
export type InquiryDetail = Omit<Inquiry, 'createdAt' | 'updatedAt' | 'type' | 'status'> & {
  type: InquiryType;
  status: InquiryStatus;
  reference: string;
  createdAt: string;
  bookingReference: string | null;
  /** The convert step's prefill and rule: travellers read from the guests, required for a tour. */
  convert: { startDate: string; adults: string; needsTravellers: boolean };
  /** The code of the WhatsApp click the inquiry is linked to (docs/decisions/049-whatsapp-leads.md), or null. */
  whatsappCode: string | null;
};

/** A refused WhatsApp reference (400): the message for the field and what was typed. */
export type WhatsappRefFailure = { id: string; error: string; value: string };

/** A refused 'Convert to booking' (400): each field's message and what was posted. */
export type ConvertFailure = {
  id: string;
  errors: { startDate?: string; adults?: string; whatsappRef?: string };
  values: { startDate: string; adults: string; whatsappRef: string };
};

function toRow(inquiry: Inquiry): InquiryRow {
  return {
    id: inquiry.id,
    reference: shortReference(inquiry.id),
    type: inquiry.type as InquiryType,
    name: inquiry.name,
    email: inquiry.email,
    phone: inquiry.phone,
    about: inquiry.packageTitle ?? inquiry.carModel ?? inquiry.bikeModel ?? inquiry.subject ?? null,
    status: inquiry.status as InquiryStatus,
    createdAt: inquiry.createdAt.toISOString(),
    followUp: inquiry.status === 'pending' ? inquiry.followUpOn : null,
  };
}

function toDetail(inquiry: Inquiry, whatsappCode: string | null): InquiryDetail {
  const { createdAt, updatedAt: _updatedAt, ...rest } = inquiry;
  return {
    ...rest,
    type: inquiry.type as InquiryType,
    status: inquiry.status as InquiryStatus,
    reference: shortReference(inquiry.id),
    createdAt: createdAt.toISOString(),
    bookingReference: inquiry.bookingId ? shortReference(inquiry.bookingId) : null,
    whatsappCode,
    convert: { startDate: inquiry.travelDate ?? '', adults: String(adultsFromGuests(inquiry.guests) ?? ''), needsTravellers: convertsToTour(inquiry.type) },
  };
}

/**
 * The loader: one page of inquiries (20, newest first, filters applied; a page past the last
 * redirects to the last), the open dialog's inquiry and pipeline (`?view=`), and the delete
 * confirmation's target (`?delete=`). An unknown id opens nothing. Throws the guard's Response,
 * the redirect, or the database's error (the route's boundary says 'Failed to load inquiries').
 */
export async function loadInquiriesPage(request: Request) {
  const auth = await requireAdmin(request);
  const query = readInquiryPageQuery(request);
  const state: InquiryListState = { q: query.q, type: query.type, status: query.status, due: query.due, mine: query.mine, page: query.page };
  const { items, total } = await listInquiries({
    q: query.q,
    type: query.type ?? undefined,
    status: query.status ?? undefined,
    due: query.due,
    assignedTo: query.mine ? auth.user.id : undefined,
    limit: ADMIN_PAGE_SIZE,
    offset: (query.page - 1) * ADMIN_PAGE_SIZE,
  });
  const pages = pageCount(total, ADMIN_PAGE_SIZE);
  if (query.page > pages) throw redirect(inquiriesHref({ ...state, page: pages }));
  const find = async (id: string | null) => (id ? (items.find((item) => item.id === id) ?? (await getInquiry(id))) : null);
  const canDelete = can(auth.user.role, 'delete');
  const [viewed, target] = await Promise.all([find(query.view), find(canDelete ? query.deleteId : null)]);
  const pipeline: PipelineData | null = viewed ? await loadPipeline('inquiry', viewed.id) : null;
  const whatsappCode = viewed ? await leadCodeOf(viewed.whatsappLeadId) : null;
  const today = todayInIndia();
  return {
    state,
    rows: items.map(toRow),
    /** Asia/Kolkata, for the follow-up badges (the server's day, so the page renders the same in the browser). */
    today,
    total,
    pages,
    pageSize: ADMIN_PAGE_SIZE,
    view: viewed ? toDetail(viewed, whatsappCode) : null,
    pipeline,
    confirm: target ? { id: target.id, name: target.name, reference: shortReference(target.id), fromView: query.view === target.id } : null,
    /** Whether the user may delete (app/lib/permissions.ts); without it no Delete shows and `?delete=` opens nothing. */
    canDelete,
  };
}

/** The intent a form posted, for the error toast of a form that could not be read. */
function failureFor(intent: unknown): string {
  if (intent === 'delete') return DELETE_FAILED;
  if (intent === 'convert') return CONVERT_FAILED;
  return STATUS_FAILED;
}

function logFailure(error: unknown, event: string, id: string) {
  if (error instanceof DomainError) logger.warn({ event, id, reason: error.message }, 'inquiry change refused');
  else logger.error({ err: error, event, id }, 'inquiry change failed');
}

/**
 * The action: requires staff, then handles the posted `intent` and throws a redirect with a toast
 * (see the module comment). The list's search, filters and page are kept; after a status change the
 * dialog stays open on the inquiry. The one answer that is not a redirect: a pipeline form with a
 * bad field gets `{ pipeline: result }` with status 400, so the panel shows the message under it.
 */
export async function inquiriesAction(request: Request) {
  const auth = await requireAdmin(request);
  const actor = auditActor(auth, request);
  const query = readInquiryPageQuery(request);
  const state: InquiryListState = { q: query.q, type: query.type, status: query.status, due: query.due, mine: query.mine, page: query.page };
  const list = inquiriesHref(state);
  const form = await request.formData().catch(() => null);
  const intent = form?.get('intent');
  if (intent === 'delete') refuseUnless(auth, request, 'delete');

  if (form && isPipelineIntent(intent)) {
    const raw = form.get('id') ?? query.view;
    const id = typeof raw === 'string' && isUuid(raw) ? raw.toLowerCase() : null;
    let result: PipelineResult = { ok: false, message: 'Inquiry not found' };
    if (id) {
      try {
        result = (await handlePipelineIntent('inquiry', id, form, actor)) ?? { ok: false, message: PIPELINE_FAILED };
      } catch (error) {
        logFailure(error, `inquiry_${intent}`, id);
        throw await redirectWithToast(inquiriesHref(state, { view: id }), { type: 'error', title: PIPELINE_FAILED });
      }
    }
    if (result.ok) throw await redirectWithToast(inquiriesHref(state, { view: id }), { type: 'success', title: result.message });
    // A field's error is shown by the panel under that field (`pipelineFailure`), input kept; an
    // unknown inquiry has no dialog to show it in, so it goes back to the list with a toast.
    if (!result.field) throw await redirectWithToast(list, { type: 'error', title: result.message });
    return data({ pipeline: result }, { status: 400 });
  }

  const parsed = inquiryActionSchema.safeParse(form ? Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')) : {});
  if (!parsed.success)
    throw await redirectWithToast(query.view ? inquiriesHref(state, { view: query.view }) : list, { type: 'error', title: failureFor(intent) });
  const action = parsed.data;

  switch (action.intent) {
    case 'status': {
      try {
        await setInquiryStatus(action.id, action.status, actor);
      } catch (error) {
        logFailure(error, 'inquiry_status', action.id);
        const back = error instanceof NotFound ? list : inquiriesHref(state, { view: action.id });
        throw await redirectWithToast(back, { type: 'error', title: STATUS_FAILED });
      }
      throw await redirectWithToast(inquiriesHref(state, { view: action.id }), { type: 'success', title: statusMessage(action.status) });
    }
    case 'whatsapp-ref': {
      const back = inquiriesHref(state, { view: action.id });
      let linked: string | null;
      try {
        linked = await linkInquiryToLead(action.id, action.whatsappRef, actor);
      } catch (error) {
        if (error instanceof InvalidReference) {
          return data({ whatsappRef: { id: action.id, error: error.message, value: action.whatsappRef } satisfies WhatsappRefFailure }, { status: 400 });
        }
        logFailure(error, 'inquiry_whatsapp_ref', action.id);
        throw await redirectWithToast(error instanceof NotFound ? list : back, { type: 'error', title: 'Failed to save the WhatsApp reference' });
      }
      throw await redirectWithToast(back, { type: 'success', title: linked ? `Linked to WhatsApp lead ${linked}` : 'WhatsApp reference removed' });
    }
    case 'delete': {
      let deleted = false;
      try {
        deleted = await deleteInquiry(action.id, actor);
      } catch (error) {
        logFailure(error, 'inquiry_delete', action.id);
      }
      if (deleted) logger.info({ event: 'inquiry_delete', id: action.id, username: auth.user.username }, 'inquiry deleted');
      throw await redirectWithToast(list, deleted ? { type: 'success', title: DELETE_SUCCESS } : { type: 'error', title: DELETE_FAILED });
    }
    case 'convert': {
      const source = await getInquiry(action.id);
      if (!source) throw await redirectWithToast(list, { type: 'error', title: CONVERT_FAILED });
      // The booking's date and travellers are what staff confirmed in the dialog, never invented.
      const text = (name: string) => {
        const v = form?.get(name);
        return typeof v === 'string' ? v : '';
      };
      const values = { startDate: text('startDate'), adults: text('adults'), whatsappRef: text('whatsappRef').slice(0, 40) };
      const input = convertInquirySchema(convertsToTour(source.type)).safeParse(values);
      if (!input.success) {
        const errors: ConvertFailure['errors'] = {};
        for (const issue of input.error.issues) {
          const field = issue.path[0];
          if ((field === 'startDate' || field === 'adults') && !errors[field]) errors[field] = issue.message;
        }
        return data({ convert: { id: source.id, errors, values } satisfies ConvertFailure }, { status: 400 });
      }
      // The chat's WhatsApp reference, optional (docs/decisions/049-whatsapp-leads.md): an unknown code is said on its field.
      let whatsappLeadId: string | null;
      try {
        whatsappLeadId = await resolveLeadCode(values.whatsappRef, 'whatsappRef');
      } catch (error) {
        if (!(error instanceof InvalidReference)) throw error;
        return data({ convert: { id: source.id, errors: { whatsappRef: error.message }, values } satisfies ConvertFailure }, { status: 400 });
      }
      let bookingId: string;
      try {
        ({
          booking: { id: bookingId },
        } = await convertInquiryToBooking(action.id, input.data, actor, { whatsappLeadId }));
      } catch (error) {
        logFailure(error, 'inquiry_convert', action.id);
        const back = error instanceof NotFound ? list : inquiriesHref(state, { view: action.id });
        throw await redirectWithToast(back, {
          type: 'error',
          title: error instanceof DomainError && !(error instanceof NotFound) ? error.message : CONVERT_FAILED,
        });
      }
      throw await redirectWithToast(`/admin/bookings/${bookingId}`, {
        type: 'success',
        title: `Inquiry converted to booking #${shortReference(bookingId)}`,
      });
    }
  }
}
