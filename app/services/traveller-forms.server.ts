/**
 * The travellers' forms, shared by the traveller's booking page (/booking/:token, plain HTML forms)
 * and the admin booking page's "Travellers" panel (docs/decisions/050-permits-and-manifests.md,
 * "Travellers and their documents"). Intents:
 * - 'traveller-add': the traveller's fields (app/schemas/traveller.ts);
 * - 'traveller-edit': `travellerId` and the fields;
 * - 'traveller-remove': `travellerId`;
 * - 'traveller-document': `travellerId`, `kind` ('photo' or 'id_scan') and the image in `file`;
 * - 'permit-scan': the issued permit's scan in `file` (staff only).
 * Each page turns the outcome into its own answer: done (a message), or refused with a status
 * (400 a field, 404 unknown traveller, 409 the forms are closed, 413 a file over 10 MB) and the
 * failure to show next to the form that was sent, with what was typed.
 */
import { DomainError } from '~/lib/errors.server';
import { shortReference } from '~/lib/ids';
import { publishLive } from '~/lib/live-events.server';
import { ImageRefused, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '~/lib/image-upload.server';
import { TRAVELLER_DOCUMENT_KINDS, type TravellerDocumentKind } from '~/lib/permits/constants';
import { addTraveller, removeTraveller, saveTravellerDocument, savePermitScan, DOCUMENT_KIND_LABELS, type TravellerEditor } from '~/models/travellers.server';
import { getSetting } from '~/models/settings.server';
import { travellerFormValues, travellerSchema, type TravellerFormValues } from '~/schemas/traveller';
import { updateTraveller } from '~/models/travellers.server';

export const TRAVELLER_INTENTS = ['traveller-add', 'traveller-edit', 'traveller-remove', 'traveller-document', 'permit-scan'] as const;
export type TravellerIntent = (typeof TRAVELLER_INTENTS)[number];

export function isTravellerIntent(value: unknown): value is TravellerIntent {
  return typeof value === 'string' && (TRAVELLER_INTENTS as readonly string[]).includes(value);
}

/**
 * A refused form: `formId` names the form it belongs to ('add', '<travellerId>',
 * '<travellerId>-photo', '<travellerId>-id_scan', 'permit-scan'), `errors` by field ('form' for the whole form).
 */
export type TravellerFailure = { formId: string; values: Partial<TravellerFormValues>; errors: Record<string, string> };

export type TravellerOutcome = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409 | 413; failure: TravellerFailure };

const NO_FILE = 'Choose a photo or scan to upload.';

function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
}

/** The uploaded file's bytes, or a refusal message and status. */
async function fileBytes(form: FormData): Promise<Buffer | { status: 400 | 413; message: string }> {
  const file = form.get('file');
  if (!file || typeof file === 'string' || file.size === 0) return { status: 400, message: NO_FILE };
  if (file.size > MAX_UPLOAD_BYTES) return { status: 413, message: UPLOAD_MESSAGES.tooLarge };
  return Buffer.from(await file.arrayBuffer());
}

function domainFailure(error: DomainError, formId: string, values: Partial<TravellerFormValues> = {}): TravellerOutcome {
  const errors: Record<string, string> = { form: error.message };
  for (const issue of error.issues) if (issue.path) errors[issue.path] = issue.message;
  const status = error.name === 'NotFound' ? 404 : error.name === 'Conflict' ? 409 : 400;
  return { ok: false, status, failure: { formId, values, errors } };
}

/**
 * Carry out one travellers' form for `bookingId` as `editor`. Throws only what is not the
 * sender's mistake (the database or the store failing); every refusal is a TravellerOutcome.
 */
export async function handleTravellerForm(intent: TravellerIntent, form: FormData, bookingId: string, editor: TravellerEditor): Promise<TravellerOutcome> {
  const outcome = await carryOut(intent, form, bookingId, editor);
  // What a traveller changes on their page reaches staff's open pages, as their payments do.
  if (outcome.ok && editor.by === 'traveller') {
    publishLive({ type: 'booking.updated', id: bookingId, label: `Booking #${shortReference(bookingId)}: ${outcome.message.toLowerCase()} by the traveller` });
  }
  return outcome;
}

async function carryOut(intent: TravellerIntent, form: FormData, bookingId: string, editor: TravellerEditor): Promise<TravellerOutcome> {
  const travellerId = text(form, 'travellerId');
  try {
    if (intent === 'traveller-remove') {
      const removed = await removeTraveller(bookingId, travellerId, editor);
      return removed
        ? { ok: true, message: 'Traveller removed' }
        : { ok: false, status: 404, failure: { formId: travellerId, values: {}, errors: { form: 'That traveller was already removed.' } } };
    }
    if (intent === 'traveller-document' || intent === 'permit-scan') {
      const kind = text(form, 'kind') as TravellerDocumentKind;
      const formId = intent === 'permit-scan' ? 'permit-scan' : `${travellerId}-${kind}`;
      if (intent === 'permit-scan' && editor.by !== 'staff')
        return { ok: false, status: 400, failure: { formId, values: {}, errors: { form: 'This form could not be read.' } } };
      if (intent === 'traveller-document' && !TRAVELLER_DOCUMENT_KINDS.includes(kind)) {
        return { ok: false, status: 400, failure: { formId, values: {}, errors: { file: 'This form could not be read. Please try again.' } } };
      }
      const bytes = await fileBytes(form);
      if (!Buffer.isBuffer(bytes)) return { ok: false, status: bytes.status, failure: { formId, values: {}, errors: { file: bytes.message } } };
      try {
        if (intent === 'permit-scan') {
          await savePermitScan(bookingId, bytes, editor.actor);
          return { ok: true, message: 'Permit scan uploaded' };
        }
        await saveTravellerDocument(bookingId, travellerId, kind, bytes, editor);
      } catch (error) {
        if (error instanceof ImageRefused) return { ok: false, status: error.status, failure: { formId, values: {}, errors: { file: error.message } } };
        throw error;
      }
      const label = DOCUMENT_KIND_LABELS[kind];
      return { ok: true, message: `${label[0]!.toUpperCase()}${label.slice(1)} uploaded` };
    }
    const values = travellerFormValues(form);
    const formId = intent === 'traveller-add' ? 'add' : travellerId;
    const { idTypes } = await getSetting('permits');
    const parsed = travellerSchema(idTypes.filter((t) => t.enabled).map((t) => t.id)).safeParse(values);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
      return { ok: false, status: 400, failure: { formId, values, errors } };
    }
    try {
      if (intent === 'traveller-add') {
        await addTraveller(bookingId, parsed.data, editor);
        return { ok: true, message: 'Traveller added' };
      }
      await updateTraveller(bookingId, travellerId, parsed.data, editor);
      return { ok: true, message: 'Traveller saved' };
    } catch (error) {
      if (error instanceof DomainError) return domainFailure(error, formId, values);
      throw error;
    }
  } catch (error) {
    if (error instanceof DomainError) return domainFailure(error, intent === 'traveller-add' ? 'add' : travellerId);
    throw error;
  }
}
