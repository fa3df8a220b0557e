/**
 * WhatsApp leads (docs/decisions/049-whatsapp-leads.md): a row per counted click on a public
 * WhatsApp link, the lookup of a code staff type in, the admin list and the dashboard's funnel per
 * package. Recording a lead changes nothing a public page shows, so it does not empty the page cache.
 */
import { and, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { isUniqueViolation } from '~/db/errors.server';
import { bikes, bookings, cars, inquiries, tourPackages, whatsappLeads } from '~/db/schema';
import { InvalidReference, NotFound } from '~/lib/errors.server';
import { shortReference } from '~/lib/ids';
import { publishLive } from '~/lib/live-events.server';
import { newLeadCode, normaliseLeadCode, type WhatsappItemType } from '~/lib/whatsapp-leads';
import { diffChanges, recordAudit, type AuditActor } from './audit.server';
import { paidPaiseSql, quoteTotalPaiseSql } from './booking-money-sql.server';
import { lockInquiry } from './inquiry.server';

export type LeadUtm = {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
};

export type NewWhatsappLead = {
  pagePath: string;
  item?: { type: WhatsappItemType; id: string; name: string };
} & LeadUtm;

/** How many fresh codes to try when one is taken (30^5 codes: a second try is already rare). */
const CODE_ATTEMPTS = 5;

/** Stores a click and returns its code; a taken code is drawn again. */
export async function recordWhatsappLead(lead: NewWhatsappLead): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const code = newLeadCode();
    try {
      await db()
        .insert(whatsappLeads)
        .values({
          code,
          pagePath: lead.pagePath,
          itemType: lead.item?.type ?? null,
          itemId: lead.item?.id ?? null,
          itemName: lead.item?.name ?? null,
          utmSource: lead.utmSource ?? null,
          utmMedium: lead.utmMedium ?? null,
          utmCampaign: lead.utmCampaign ?? null,
          utmTerm: lead.utmTerm ?? null,
          utmContent: lead.utmContent ?? null,
        });
      return code;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}

/** The name of the package (title), bike or car (model) a link names, or undefined for an unknown id. */
export async function whatsappItemName(type: WhatsappItemType, id: string): Promise<string | undefined> {
  const [row] =
    type === 'package'
      ? await db().select({ name: tourPackages.title }).from(tourPackages).where(eq(tourPackages.id, id))
      : type === 'bike'
        ? await db().select({ name: bikes.model }).from(bikes).where(eq(bikes.id, id))
        : await db().select({ name: cars.model }).from(cars).where(eq(cars.id, id));
  return row?.name;
}

/**
 * The lead id of a code staff typed ('wa-7k3mq', 'WA 7K3MQ'...), for a booking's or inquiry's
 * `whatsappLeadId`. Empty input means no lead (null). Throws InvalidReference naming `field` for a
 * code that is malformed or unknown, so the form shows the message on that field.
 */
export async function resolveLeadCode(input: string | undefined | null, field = 'whatsappRef', tx: Executor = db()): Promise<string | null> {
  if (!input || input.trim() === '') return null;
  const code = normaliseLeadCode(input);
  const [row] = code ? await tx.select({ id: whatsappLeads.id }).from(whatsappLeads).where(eq(whatsappLeads.code, code)) : [];
  if (!row) {
    const message = code ? `No WhatsApp lead has the code ${code}.` : 'A WhatsApp reference looks like WA-7K3MQ.';
    throw new InvalidReference(message, [{ path: field, message }]);
  }
  return row.id;
}

/**
 * Links an inquiry to the WhatsApp click of `code` (empty: unlinks it), audited ('update') in the
 * same transaction. Throws InvalidReference on `whatsappRef` for an unknown code, NotFound for an
 * unknown inquiry. Returns the code now linked, or null.
 */
export async function linkInquiryToLead(id: string, code: string, actor: AuditActor): Promise<string | null> {
  const leadId = await resolveLeadCode(code, 'whatsappRef');
  const changed = await db().transaction(async (tx) => {
    const before = await lockInquiry(tx, id);
    if (!before) throw new NotFound('Inquiry not found');
    if (before.whatsappLeadId === leadId) return null;
    const [after] = await tx.update(inquiries).set({ whatsappLeadId: leadId }).where(eq(inquiries.id, before.id)).returning();
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'inquiry',
      entityId: before.id,
      summary: leadId
        ? `Linked inquiry #${shortReference(before.id)} to WhatsApp lead ${normaliseLeadCode(code)}`
        : `Unlinked inquiry #${shortReference(before.id)} from its WhatsApp lead`,
      changes: diffChanges(before, after!, ['whatsappLeadId']),
    });
    return after!;
  });
  if (changed) publishLive({ type: 'inquiry.updated', id: changed.id, label: `Inquiry from ${changed.name} linked to WhatsApp` });
  return leadId ? (normaliseLeadCode(code) ?? null) : null;
}

/**
 * Points a booking at the WhatsApp lead `leadId` (null: none), audited ('update') in the same
 * transaction; nothing happens when it already does. Resolve a typed code with `resolveLeadCode`
 * first, so an unknown code is refused before anything else is written.
 */
export async function linkBookingToLead(id: string, leadId: string | null, actor: AuditActor): Promise<void> {
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!before) throw new NotFound('Booking not found');
    if (before.whatsappLeadId === leadId) return;
    const [after] = await tx.update(bookings).set({ whatsappLeadId: leadId }).where(eq(bookings.id, id)).returning();
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'booking',
      entityId: id,
      summary: leadId ? `Linked booking #${shortReference(id)} to a WhatsApp lead` : `Unlinked booking #${shortReference(id)} from its WhatsApp lead`,
      changes: diffChanges(before, after!, ['whatsappLeadId']),
    });
  });
}

/** The code of a lead by id (for the edit forms), or null. */
export async function leadCodeOf(leadId: string | null): Promise<string | null> {
  if (!leadId) return null;
  const [row] = await db().select({ code: whatsappLeads.code }).from(whatsappLeads).where(eq(whatsappLeads.id, leadId));
  return row?.code ?? null;
}

export type WhatsappLeadRow = {
  id: string;
  code: string;
  createdAt: Date;
  pagePath: string;
  itemType: string | null;
  itemName: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  /** The bookings and inquiries staff linked to this lead. */
  bookings: number;
  inquiries: number;
};

/** The admin list: the newest leads first, with how many bookings and inquiries are linked to each. */
export async function listWhatsappLeads({ limit = 100 }: { limit?: number } = {}): Promise<WhatsappLeadRow[]> {
  const leadId = sql.raw('"whatsapp_leads"."id"');
  return db()
    .select({
      id: whatsappLeads.id,
      code: whatsappLeads.code,
      createdAt: whatsappLeads.createdAt,
      pagePath: whatsappLeads.pagePath,
      itemType: whatsappLeads.itemType,
      itemName: whatsappLeads.itemName,
      utmSource: whatsappLeads.utmSource,
      utmMedium: whatsappLeads.utmMedium,
      utmCampaign: whatsappLeads.utmCampaign,
      utmTerm: whatsappLeads.utmTerm,
      utmContent: whatsappLeads.utmContent,
      bookings: sql<number>`(select count(*) from ${bookings} b where b.whatsapp_lead_id = ${leadId})`.mapWith(Number),
      inquiries: sql<number>`(select count(*) from ${inquiries} i where i.whatsapp_lead_id = ${leadId})`.mapWith(Number),
    })
    .from(whatsappLeads)
    .orderBy(desc(whatsappLeads.createdAt), desc(whatsappLeads.id))
    .limit(limit);
}

/** One package's line of the dashboard's funnel. */
export type PackageFunnel = {
  packageId: string;
  /** The package's current title, or the name at click time when it was deleted. */
  title: string;
  clicks: number;
  /** Inquiries linked to those clicks. */
  inquiries: number;
  /** Bookings linked to those clicks. */
  bookings: number;
  /** Of those bookings, the ones whose ledger reached the latest quote's total. */
  paid: number;
};

/** How many days the dashboard's funnel looks back. */
export const FUNNEL_DAYS = 30;

/**
 * Per package, the clicks of the last `days` days (by the click's time) and what staff linked to
 * them: inquiries, bookings, and paid bookings (ledger ≥ the latest quote's total, a quote present;
 * app/models/booking-money-sql.server.ts). Packages with the most clicks first.
 */
export async function packageFunnel({ days = FUNNEL_DAYS, now = new Date() }: { days?: number; now?: Date } = {}): Promise<PackageFunnel[]> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const recent = and(eq(whatsappLeads.itemType, 'package'), isNotNull(whatsappLeads.itemId), gte(whatsappLeads.createdAt, since));
  const [clicks, linkedInquiries, linkedBookings] = await Promise.all([
    db()
      .select({
        packageId: sql<string>`${whatsappLeads.itemId}`,
        title: sql<string>`coalesce(max(${tourPackages.title}), max(${whatsappLeads.itemName}), '')`,
        clicks: sql<number>`count(*)`.mapWith(Number),
      })
      .from(whatsappLeads)
      .leftJoin(tourPackages, eq(tourPackages.id, whatsappLeads.itemId))
      .where(recent)
      .groupBy(whatsappLeads.itemId),
    db()
      .select({ packageId: sql<string>`${whatsappLeads.itemId}`, count: sql<number>`count(*)`.mapWith(Number) })
      .from(inquiries)
      .innerJoin(whatsappLeads, eq(whatsappLeads.id, inquiries.whatsappLeadId))
      .where(recent)
      .groupBy(whatsappLeads.itemId),
    db()
      .select({
        packageId: sql<string>`${whatsappLeads.itemId}`,
        count: sql<number>`count(*)`.mapWith(Number),
        paid: sql<number>`count(*) filter (where ${quoteTotalPaiseSql} is not null and ${paidPaiseSql} >= ${quoteTotalPaiseSql})`.mapWith(Number),
      })
      .from(bookings)
      .innerJoin(whatsappLeads, eq(whatsappLeads.id, bookings.whatsappLeadId))
      .where(recent)
      .groupBy(whatsappLeads.itemId),
  ]);
  const inquiriesBy = new Map(linkedInquiries.map((r) => [r.packageId, r.count]));
  const bookingsBy = new Map(linkedBookings.map((r) => [r.packageId, r]));
  return clicks
    .map((c) => ({
      packageId: c.packageId,
      title: c.title,
      clicks: c.clicks,
      inquiries: inquiriesBy.get(c.packageId) ?? 0,
      bookings: bookingsBy.get(c.packageId)?.count ?? 0,
      paid: bookingsBy.get(c.packageId)?.paid ?? 0,
    }))
    .sort((a, b) => b.clicks - a.clicks || a.title.localeCompare(b.title));
}
