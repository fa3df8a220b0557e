/**
 * Inquiries (docs/decisions/003-visitor-submissions-stored.md, 025-two-stores-for-everything-visitors-send.md): the
 * inquiry dialog's tabs and the contact form, stored with status `pending` together with their
 * notification mails in one transaction; and the staff side below (list, status, delete, CSV
 * export). 'Convert to booking' is in inquiry-conversion.server.ts.
 */
import { and, desc, eq, getTableColumns, lte, or, sql, type SQL } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { bikes, cars, inquiries, tourPackages, users, type Inquiry, type NewInquiry } from '~/db/schema';
import { canTransition, INQUIRY_TRANSITIONS, type InquiryStatus, type InquiryType } from '~/lib/constants';
import { inBatches } from '~/lib/csv.server';
import { Conflict, InvalidReference, NotFound } from '~/lib/errors.server';
import { formatDate, todayInIndia } from '~/lib/format';
import { isUuid, shortReference } from '~/lib/ids';
import { publishLive } from '~/lib/live-events.server';
import { notifyNewMail } from '~/lib/mail-signal.server';
import { inquiryMails, operatorEmail } from '~/lib/mail-texts.server';
import type { InquiryInput } from '~/schemas/inquiry';
import type { InquiryUpdate } from '~/schemas/inquiry-admin';
import { diffChanges, recordAudit, type AuditActor } from './audit.server';
import { enqueueEmails } from './outbox.server';
import { containsAny, selectPage, type Page, type Paging } from './query.server';
import { getPublicSettings } from './settings.server';

async function lookup(tx: Executor, kind: 'package' | 'car' | 'bike', id: string): Promise<{ id: string; name: string }> {
  const [row] =
    kind === 'package'
      ? await tx.select({ id: tourPackages.id, name: tourPackages.title }).from(tourPackages).where(eq(tourPackages.id, id))
      : kind === 'car'
        ? await tx.select({ id: cars.id, name: cars.model }).from(cars).where(eq(cars.id, id))
        : await tx.select({ id: bikes.id, name: bikes.model }).from(bikes).where(eq(bikes.id, id));
  if (!row) {
    const path = kind === 'package' ? 'destination' : kind === 'car' ? 'cabType' : 'bikeType';
    throw new InvalidReference(`Unknown ${kind}`, [{ path, message: `Please choose a ${kind} from the list` }]);
  }
  return row;
}

/**
 * Store an inquiry (status pending) and queue its mails, in one transaction; InvalidReference for an
 * unknown item. `withinTransaction` runs in that transaction after the insert (the API's Idempotency-Key row).
 */
export async function createInquiry(
  input: InquiryInput,
  options: { withinTransaction?: (tx: Executor, row: Inquiry) => Promise<void> } = {},
): Promise<Inquiry> {
  // From the shared content cache, which every settings save empties (docs/decisions/042-shared-content-cache.md):
  // a submission then costs one statement less.
  const settings = await getPublicSettings(['company', 'notifications']);
  let mails: ReturnType<typeof inquiryMails> = [];
  const inquiry = await db().transaction(async (tx) => {
    const values: NewInquiry = {
      type: input.type,
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      message: input.message,
      status: 'pending',
    };
    switch (input.type) {
      case 'packages': {
        values.travelDate = input.date;
        values.guests = input.guests ?? null;
        if (input.destination) {
          const pkg = await lookup(tx, 'package', input.destination);
          values.packageId = pkg.id;
          values.packageTitle = pkg.name;
        }
        break;
      }
      case 'cabs': {
        values.travelDate = input.date;
        values.pickupLocation = input.pickupLocation;
        values.dropoffLocation = input.dropoffLocation;
        if (input.cabType) {
          const car = await lookup(tx, 'car', input.cabType);
          values.carId = car.id;
          values.carModel = car.name;
        }
        break;
      }
      case 'rentals': {
        values.travelDate = input.date;
        values.rentalDuration = input.rentalDuration ?? null;
        values.bikeCount = input.bikeCount;
        if (input.bikeType) {
          const bike = await lookup(tx, 'bike', input.bikeType);
          values.bikeId = bike.id;
          values.bikeModel = bike.name;
        }
        break;
      }
      case 'contact': {
        values.subject = input.subject;
        break;
      }
    }
    const [row] = await tx.insert(inquiries).values(values).returning();
    mails = inquiryMails(row!, settings.company, operatorEmail(settings));
    await enqueueEmails(tx, mails);
    await options.withinTransaction?.(tx, row!);
    return row!;
  });
  notifyNewMail(mails);
  publishLive({ type: 'inquiry.created', id: inquiry.id, label: `New inquiry from ${inquiry.name}` });
  return inquiry;
}

/** The inquiry, or null (tests and the admin); null too for an id that is not a UUID. */
export async function getInquiry(id: string): Promise<Inquiry | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(inquiries).where(eq(inquiries.id, id));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Staff side (docs/product.md#bookings-and-inquiries, #inquiry-status; the audit log
// docs/decisions/017-audit-log.md, live updates docs/decisions/018-live-updates.md, exports
// docs/decisions/019-csv-exports.md): list, status and pipeline changes, delete, 'Convert to
// booking' and the CSV export. Every change writes its audit entries in the change's own
// transaction and is published to open admin pages only after it commits.
// ---------------------------------------------------------------------------------------------

/** Filters of the staff list and export; `assignedTo` is a staff member's id ('Assigned to me'). */
export type InquiryListQuery = Paging & {
  q?: string;
  type?: InquiryType;
  status?: InquiryStatus;
  /** Follow-up day today or earlier (Asia/Kolkata) and still pending. */
  due?: boolean;
  assignedTo?: string;
};

/** The short reference a search may name: 'A1B2C3' or '#A1B2C3' (last 6 characters of the id). */
const REFERENCE = /^#?([0-9a-f]{6})$/i;

/** The WHERE of the staff list and export (undefined = every inquiry). */
function staffConditions(query: InquiryListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const term = query.q?.trim();
  if (term) {
    const reference = REFERENCE.exec(term)?.[1];
    conditions.push(
      or(
        containsAny(term, [
          inquiries.name,
          inquiries.email,
          inquiries.phone,
          inquiries.subject,
          inquiries.message,
          inquiries.packageTitle,
          inquiries.carModel,
          inquiries.bikeModel,
          inquiries.pickupLocation,
          inquiries.dropoffLocation,
        ]),
        reference ? sql`upper(right(replace(${inquiries.id}::text, '-', ''), 6)) = ${reference.toUpperCase()}` : undefined,
        isUuid(term) ? eq(inquiries.id, term.toLowerCase()) : undefined,
      ),
    );
  }
  if (query.type) conditions.push(eq(inquiries.type, query.type));
  if (query.status) conditions.push(eq(inquiries.status, query.status));
  if (query.due) conditions.push(and(eq(inquiries.status, 'pending'), lte(inquiries.followUpOn, todayInIndia())));
  if (query.assignedTo) conditions.push(isUuid(query.assignedTo) ? eq(inquiries.assignedTo, query.assignedTo) : sql`false`);
  return and(...conditions);
}

/** One page of inquiries matching the filters, newest first, and the number matching in all. */
export async function listInquiries(query: InquiryListQuery = {}): Promise<Page<Inquiry>> {
  const where = staffConditions(query);
  const rows = db().select().from(inquiries).where(where).orderBy(desc(inquiries.createdAt), desc(inquiries.id)).$dynamic();
  return selectPage(rows, { table: inquiries, where }, query);
}

/** 'Inquiry #A1B2C3' for summaries. */
/** 'inquiry #A1B2C3', as audit summaries name an inquiry. */
export function label(inquiry: Pick<Inquiry, 'id'>): string {
  return `inquiry #${shortReference(inquiry.id)}`;
}

/** The inquiry `id`, locked for the transaction, or null (also for a malformed id). */
export async function lockInquiry(tx: Executor, id: string): Promise<Inquiry | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select().from(inquiries).where(eq(inquiries.id, id)).for('update');
  return row ?? null;
}

/**
 * Apply a staff update to an inquiry in one transaction: `status` must be a legal move of
 * INQUIRY_TRANSITIONS (docs/product.md#inquiry-status: pending → completed | rejected, completed ↔
 * rejected, never back to pending, never the same status), `followUpOn` a day or null, `assignedTo` an
 * active staff member or null. One audit entry per kind of change ('status', 'follow_up',
 * 'assign'); 'inquiry.updated' is published after the commit. Returns the saved inquiry.
 * Throws NotFound (unknown id), Conflict (illegal status change, 409) or InvalidReference (unknown or
 * disabled staff member, 400).
 */
export async function updateInquiry(id: string, changes: InquiryUpdate, actor: AuditActor): Promise<Inquiry> {
  const { before, after } = await db().transaction(async (tx) => {
    const before = await lockInquiry(tx, id);
    if (!before) throw new NotFound('Inquiry not found');
    const set: Partial<NewInquiry> = {};
    if (changes.status !== undefined) {
      if (!canTransition(INQUIRY_TRANSITIONS, before.status as InquiryStatus, changes.status)) {
        throw new Conflict(`An inquiry that is ${before.status} cannot be marked ${changes.status}`, [
          { path: 'status', message: `Allowed from ${before.status}: ${INQUIRY_TRANSITIONS[before.status as InquiryStatus].join(', ') || 'none'}` },
        ]);
      }
      set.status = changes.status;
    }
    if (changes.followUpOn !== undefined) set.followUpOn = changes.followUpOn;
    const staffName = async (userId: string | null) => {
      if (!userId) return null;
      const [user] = await tx.select({ name: users.name, disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).for('share');
      return user ?? null;
    };
    // Keeping the current assignee is a no-op, even when that account was disabled since.
    const reassign = changes.assignedTo !== undefined && changes.assignedTo !== before.assignedTo;
    const assignee = reassign ? await staffName(changes.assignedTo ?? null) : null;
    if (reassign) {
      if (changes.assignedTo && (!assignee || assignee.disabledAt)) {
        throw new InvalidReference('Unknown staff member', [{ path: 'assignedTo', message: 'Please choose an active staff member' }]);
      }
      set.assignedTo = changes.assignedTo;
    }
    if (Object.keys(set).length === 0) return { before, after: before };
    const [after] = await tx.update(inquiries).set(set).where(eq(inquiries.id, before.id)).returning();
    const statusChange = diffChanges(before, after!, ['status']);
    if (statusChange) {
      await recordAudit(tx, actor, {
        action: 'status',
        entityType: 'inquiry',
        entityId: before.id,
        summary: `Marked ${label(before)} as ${after!.status}`,
        changes: statusChange,
      });
    }
    const followUpChange = diffChanges(before, after!, ['followUpOn']);
    if (followUpChange) {
      await recordAudit(tx, actor, {
        action: 'follow_up',
        entityType: 'inquiry',
        entityId: before.id,
        summary: after!.followUpOn ? `Set the follow-up of ${label(before)} to ${formatDate(after!.followUpOn)}` : `Cleared the follow-up of ${label(before)}`,
        changes: followUpChange,
      });
    }
    if (before.assignedTo !== after!.assignedTo) {
      const previous = await staffName(before.assignedTo);
      await recordAudit(tx, actor, {
        action: 'assign',
        entityType: 'inquiry',
        entityId: before.id,
        summary: after!.assignedTo ? `Assigned ${label(before)} to ${assignee?.name}` : `Unassigned ${label(before)}`,
        changes: {
          assignedTo: {
            from: before.assignedTo ? { id: before.assignedTo, name: previous?.name ?? null } : null,
            to: after!.assignedTo ? { id: after!.assignedTo, name: assignee?.name ?? null } : null,
          },
        },
      });
    }
    return { before, after: after! };
  });
  if (before === after || !diffChanges(before, after, ['status', 'followUpOn', 'assignedTo'])) return after;
  const what = before.status !== after.status ? `marked as ${after.status}` : 'updated';
  publishLive({ type: 'inquiry.updated', id: after.id, label: `Inquiry from ${after.name} ${what}` });
  return after;
}

/** Mark an inquiry `status` (see `updateInquiry` for the rules and errors). */
export function setInquiryStatus(id: string, status: InquiryStatus, actor: AuditActor): Promise<Inquiry> {
  return updateInquiry(id, { status }, actor);
}

/**
 * Delete an inquiry with its notes, writing a 'delete' audit entry in the same transaction, then
 * publish 'inquiry.deleted'. A booking made from it stays (its link becomes NULL). False when the
 * id is unknown or not a UUID.
 */
export async function deleteInquiry(id: string, actor: AuditActor): Promise<boolean> {
  const deleted = await db().transaction(async (tx) => {
    const before = await lockInquiry(tx, id);
    if (!before) return null;
    await tx.delete(inquiries).where(eq(inquiries.id, before.id));
    await recordAudit(tx, actor, {
      action: 'delete',
      entityType: 'inquiry',
      entityId: before.id,
      summary: `Deleted ${label(before)} from ${before.name}`,
      changes: diffChanges(before, null, ['type', 'name', 'email', 'status', 'bookingId']),
    });
    return before;
  });
  if (!deleted) return false;
  publishLive({ type: 'inquiry.deleted', id: deleted.id, label: `Inquiry from ${deleted.name} deleted` });
  return true;
}

/** One row of the CSV export: the inquiry, its assignee's name and its keyset cursor. */
export type InquiryExportRow = Inquiry & { assigneeName: string | null; cursor: string };

/**
 * Every inquiry matching the filters, newest first, read in keyset batches of `batchSize` (one
 * batch in memory at a time) for the CSV export (app/lib/csv.server.ts). The cursor is the creation
 * time as PostgreSQL text, so its microseconds survive (a JS Date would round them off).
 */
export function inquiryExportRows(query: Omit<InquiryListQuery, 'limit' | 'offset'>, batchSize = 1000): AsyncIterable<InquiryExportRow> {
  const where = staffConditions(query);
  return inBatches<InquiryExportRow>(async (after, size) => {
    const keyset = after ? sql`(${inquiries.createdAt}, ${inquiries.id}) < (${after.cursor}::timestamptz, ${after.id}::uuid)` : undefined;
    return db()
      .select({ ...getTableColumns(inquiries), assigneeName: users.name, cursor: sql<string>`${inquiries.createdAt}::text` })
      .from(inquiries)
      .leftJoin(users, eq(users.id, inquiries.assignedTo))
      .where(and(where, keyset))
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(size);
  }, batchSize);
}
