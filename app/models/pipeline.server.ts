/**
 * The staff pipeline of bookings and inquiries (docs/decisions/016-request-pipeline.md): internal
 * notes (who, when), a follow-up date and the staff member a record is assigned to.
 *
 * CONTRACT (the bookings detail page and the inquiries dialog code against it):
 * - `loadPipeline(kind, id)` → what the panel shows.
 * - `handlePipelineIntent(kind, id, form, actor)` handles a form posted by `PipelinePanel`
 *   (`intent` = 'note' | 'follow-up' | 'assign'); null when the form's intent is none of these, so
 *   the host route's action can handle its own intents.
 *
 * Every change is written with its audit entry in one transaction (docs/decisions/017-audit-log.md)
 * and published as '<kind>.updated' after it commits (docs/decisions/018-live-updates.md).
 */
import { asc, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { db, type Executor } from '~/db/client.server';
import { bookings, inquiries, notes, users } from '~/db/schema';
import { isRealDate } from '~/lib/calendar-date';
import { FOLLOW_UP_EARLIEST, FOLLOW_UP_MAX_YEARS_AHEAD, NOTE_MAX_LENGTH } from '~/lib/admin/follow-up';
import { formatDate, todayInIndia } from '~/lib/format';
import { isUuid, shortReference } from '~/lib/ids';
import { publishLive } from '~/lib/live-events.server';
import { addYears, requiredText } from '~/schemas/submission-fields';
import { recordAudit, type AuditActor } from './audit.server';

export type RecordKind = 'booking' | 'inquiry';

/** Intents the panel's forms post (field `intent`). */
export const PIPELINE_INTENTS = ['note', 'follow-up', 'assign'] as const;
export type PipelineIntent = (typeof PIPELINE_INTENTS)[number];

export type PipelineNote = { id: string; authorName: string; body: string; createdAt: string };

export type PipelineData = {
  assignedTo: { id: string; name: string } | null;
  /** ISO date (Asia/Kolkata calendar day) or null. */
  followUpOn: string | null;
  /** Newest first. */
  notes: PipelineNote[];
  /** Staff a record can be assigned to (accounts not disabled), by name. */
  staff: { id: string; name: string }[];
};

export type PipelineResult = { ok: true; message: string } | { ok: false; message: string; field?: string };

/** True for one of the panel's intents (a host may check before calling `handlePipelineIntent`). */
export function isPipelineIntent(value: unknown): value is PipelineIntent {
  return typeof value === 'string' && (PIPELINE_INTENTS as readonly string[]).includes(value);
}

/** Fields the panel's forms post, beside `intent` (and the hidden `id` some hosts read). */
export const PIPELINE_FIELDS = { note: 'body', 'follow-up': 'followUpOn', assign: 'assignedTo' } as const satisfies Record<PipelineIntent, string>;

const NOT_FOUND: Record<RecordKind, string> = { booking: 'Booking not found', inquiry: 'Inquiry not found' };
const NOUN: Record<RecordKind, string> = { booking: 'booking', inquiry: 'inquiry' };

// ---------------------------------------------------------------------------------------------
// Validation (zod): one schema per intent, reading form strings.

/** A note: trimmed, 1 to NOTE_MAX_LENGTH characters, line breaks kept (CRLF from browsers made LF). */
const noteSchema = z.object({
  body: z.preprocess((v) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n') : v), requiredText('Please write a note', NOTE_MAX_LENGTH)),
});

/**
 * A follow-up date: '' clears it; otherwise a real calendar date from FOLLOW_UP_EARLIEST up to
 * FOLLOW_UP_MAX_YEARS_AHEAD years after today (Asia/Kolkata). Past dates are allowed: staff may
 * record a follow-up that is already overdue.
 */
const followUpSchema = z.object({
  followUpOn: z
    .string({ error: 'Please enter a valid date' })
    .trim()
    .refine((v) => v === '' || (isRealDate(v) && v >= FOLLOW_UP_EARLIEST), 'Please enter a valid date')
    .refine(
      (v) => v === '' || !isRealDate(v) || v <= addYears(todayInIndia(), FOLLOW_UP_MAX_YEARS_AHEAD),
      `Please choose a date within ${FOLLOW_UP_MAX_YEARS_AHEAD} years`,
    )
    .transform((v) => (v === '' ? null : v)),
});

/** A staff member's id, or '' for nobody. */
const assignSchema = z.object({
  assignedTo: z
    .string({ error: 'Please choose a staff member' })
    .trim()
    .refine((v) => v === '' || isUuid(v), 'Please choose a staff member')
    .transform((v) => (v === '' ? null : v.toLowerCase())),
});

/** The form value of `name` as a string; undefined when missing or a file. */
function field(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
}

/** The first issue of a failed parse as a result naming its field. */
function invalid(error: z.ZodError, fallbackField: string): PipelineResult {
  const issue = error.issues[0];
  return { ok: false, message: issue?.message ?? 'Invalid input', field: issue?.path.map(String).join('.') || fallbackField };
}

// ---------------------------------------------------------------------------------------------
// Reading

function tableOf(kind: RecordKind) {
  // Both tables carry the same pipeline columns (app/db/schema.ts `pipelineFields`).
  return (kind === 'booking' ? bookings : inquiries) as typeof bookings;
}

function noteRecordColumn(kind: RecordKind) {
  return kind === 'booking' ? notes.bookingId : notes.inquiryId;
}

/** Accounts that are not disabled, by name then username: who a record can be assigned to. */
async function listAssignableStaff(executor: Executor = db()): Promise<{ id: string; name: string }[]> {
  return executor.select({ id: users.id, name: users.name }).from(users).where(isNull(users.disabledAt)).orderBy(asc(users.name), asc(users.username));
}

/**
 * What the pipeline panel shows for the booking or inquiry `id`: its assignee (id and display
 * name, even when that account has been disabled since), follow-up date, notes newest first (ISO
 * timestamps) and the staff it can be assigned to. An unknown or malformed id gives an empty
 * pipeline (no assignee, no date, no notes) with the staff list; the host has answered 404 before.
 */
export async function loadPipeline(kind: RecordKind, id: string): Promise<PipelineData> {
  const staff = await listAssignableStaff();
  if (!isUuid(id)) return { assignedTo: null, followUpOn: null, notes: [], staff };
  const t = tableOf(kind);
  const [record] = await db()
    .select({ followUpOn: t.followUpOn, assigneeId: users.id, assigneeName: users.name })
    .from(t)
    .leftJoin(users, eq(users.id, t.assignedTo))
    .where(eq(t.id, id));
  if (!record) return { assignedTo: null, followUpOn: null, notes: [], staff };
  const rows = await db()
    .select({ id: notes.id, authorName: notes.authorName, body: notes.body, createdAt: notes.createdAt })
    .from(notes)
    .where(eq(noteRecordColumn(kind), id))
    .orderBy(desc(notes.createdAt), desc(notes.id));
  return {
    assignedTo: record.assigneeId ? { id: record.assigneeId, name: record.assigneeName ?? '' } : null,
    followUpOn: record.followUpOn,
    notes: rows.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
    staff,
  };
}

// ---------------------------------------------------------------------------------------------
// Changing

/**
 * Handle a form posted by the pipeline panel for the booking or inquiry `id`:
 * - `intent=note`, `body` (1 to NOTE_MAX_LENGTH characters after trimming): adds a note signed with
 *   the actor's display name (looked up by `actor.id`, else `actor.name`). 'Note added'.
 * - `intent=follow-up`, `followUpOn` ('YYYY-MM-DD', or '' to clear): 'Follow-up set for Jan 5,
 *   2025' or 'Follow-up cleared'.
 * - `intent=assign`, `assignedTo` (the id of an account that is not disabled, or '' for nobody):
 *   'Assigned to Pema' or 'Unassigned'.
 * Bad input gives `{ ok: false, message, field }`; an unknown record `{ ok: false, message:
 * 'Booking not found' | 'Inquiry not found' }` (no field). Each change is written with its audit
 * entry in one transaction, then published live; setting what is already set writes nothing and
 * still answers ok. Any other intent returns null (nothing read, nothing written). Never throws for
 * bad input; database failures propagate.
 */
export async function handlePipelineIntent(kind: RecordKind, id: string, form: FormData, actor: AuditActor): Promise<PipelineResult | null> {
  const intent = field(form, 'intent');
  if (!isPipelineIntent(intent)) return null;
  if (!isUuid(id)) return { ok: false, message: NOT_FOUND[kind] };
  switch (intent) {
    case 'note':
      return addNote(kind, id, form, actor);
    case 'follow-up':
      return setFollowUp(kind, id, form, actor);
    case 'assign':
      return assign(kind, id, form, actor);
  }
}

/** The record's pipeline columns, locked for this transaction; null when it does not exist. */
async function lockRecord(tx: Executor, kind: RecordKind, id: string) {
  const t = tableOf(kind);
  const [row] = await tx.select({ assignedTo: t.assignedTo, followUpOn: t.followUpOn }).from(t).where(eq(t.id, id)).for('update');
  return row ?? null;
}

function published(kind: RecordKind, id: string, label: string) {
  publishLive({ type: kind === 'booking' ? 'booking.updated' : 'inquiry.updated', id, label });
}

/** '<noun> #A1B2C3' for summaries and live labels. */
function reference(kind: RecordKind, id: string): string {
  return `${NOUN[kind]} #${shortReference(id)}`;
}

async function addNote(kind: RecordKind, id: string, form: FormData, actor: AuditActor): Promise<PipelineResult> {
  const parsed = noteSchema.safeParse({ body: field(form, 'body') });
  if (!parsed.success) return invalid(parsed.error, 'body');
  const { body } = parsed.data;
  const found = await db().transaction(async (tx) => {
    if (!(await lockRecord(tx, kind, id))) return false;
    const [author] = actor.id ? await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.id)) : [];
    await tx.insert(notes).values({
      bookingId: kind === 'booking' ? id : null,
      inquiryId: kind === 'inquiry' ? id : null,
      authorId: author ? actor.id : null,
      authorName: author?.name || actor.name,
      body,
    });
    await recordAudit(tx, actor, {
      action: 'note',
      entityType: kind,
      entityId: id,
      summary: `Added a note to ${reference(kind, id)}`,
      changes: { note: { from: null, to: body } },
    });
    return true;
  });
  if (!found) return { ok: false, message: NOT_FOUND[kind] };
  published(kind, id, `${capitalized(reference(kind, id))}: Note added`);
  return { ok: true, message: 'Note added' };
}

async function setFollowUp(kind: RecordKind, id: string, form: FormData, actor: AuditActor): Promise<PipelineResult> {
  const parsed = followUpSchema.safeParse({ followUpOn: field(form, 'followUpOn') });
  if (!parsed.success) return invalid(parsed.error, 'followUpOn');
  const next = parsed.data.followUpOn;
  const outcome = await db().transaction(async (tx) => {
    const record = await lockRecord(tx, kind, id);
    if (!record) return 'missing' as const;
    if (record.followUpOn === next) return 'unchanged' as const;
    const t = tableOf(kind);
    await tx.update(t).set({ followUpOn: next }).where(eq(t.id, id));
    await recordAudit(tx, actor, {
      action: 'follow_up',
      entityType: kind,
      entityId: id,
      summary: next ? `Set the follow-up of ${reference(kind, id)} to ${formatDate(next)}` : `Cleared the follow-up of ${reference(kind, id)}`,
      changes: { followUpOn: { from: record.followUpOn, to: next } },
    });
    return 'changed' as const;
  });
  if (outcome === 'missing') return { ok: false, message: NOT_FOUND[kind] };
  const message = next ? `Follow-up set for ${formatDate(next)}` : 'Follow-up cleared';
  if (outcome === 'changed') published(kind, id, `${capitalized(reference(kind, id))}: ${message}`);
  return { ok: true, message };
}

async function assign(kind: RecordKind, id: string, form: FormData, actor: AuditActor): Promise<PipelineResult> {
  const parsed = assignSchema.safeParse({ assignedTo: field(form, 'assignedTo') });
  if (!parsed.success) return invalid(parsed.error, 'assignedTo');
  const next = parsed.data.assignedTo;
  const outcome = await db().transaction(async (tx) => {
    const record = await lockRecord(tx, kind, id);
    if (!record) return { kind: 'missing' as const };
    const names = async (userId: string | null) => {
      if (!userId) return null;
      const [u] = await tx.select({ name: users.name, disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).for('share');
      return u ?? null;
    };
    const target = await names(next);
    // Keeping the current assignee is a no-op even if that account was disabled since.
    if (record.assignedTo === next) return { kind: 'unchanged' as const, name: target?.name ?? null };
    if (next && (!target || target.disabledAt)) return { kind: 'invalid' as const };
    const before = await names(record.assignedTo);
    const t = tableOf(kind);
    await tx.update(t).set({ assignedTo: next }).where(eq(t.id, id));
    await recordAudit(tx, actor, {
      action: 'assign',
      entityType: kind,
      entityId: id,
      summary: target ? `Assigned ${reference(kind, id)} to ${target.name}` : `Unassigned ${reference(kind, id)}`,
      changes: {
        assignedTo: {
          from: record.assignedTo ? { id: record.assignedTo, name: before?.name ?? null } : null,
          to: next ? { id: next, name: target?.name ?? null } : null,
        },
      },
    });
    return { kind: 'changed' as const, name: target?.name ?? null };
  });
  if (outcome.kind === 'missing') return { ok: false, message: NOT_FOUND[kind] };
  if (outcome.kind === 'invalid') return { ok: false, message: 'Please choose an active staff member', field: 'assignedTo' };
  const message = outcome.name ? `Assigned to ${outcome.name}` : 'Unassigned';
  if (outcome.kind === 'changed') published(kind, id, `${capitalized(reference(kind, id))}: ${message}`);
  return { ok: true, message };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
