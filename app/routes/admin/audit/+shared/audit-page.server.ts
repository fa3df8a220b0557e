/**
 * What the audit log page (app/routes/admin/audit.tsx; docs/decisions/017-audit-log.md) reads from
 * its address and how it turns a stored entry into a row of its table. Server-only: the query names
 * the model's lists of actions and kinds of record, and the rows are built by the loader.
 */
import { z } from 'zod';
import { formatDate } from '~/lib/format';
import { isUuid, shortReference } from '~/lib/ids';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditChanges, type AuditEntry } from '~/models/audit.server';
import { MAX_PAGE, readPageQuery, searchTerm } from '~/schemas/catalog-query';

/** The page's query. A day is 'YYYY-MM-DD', as the date input sends it. */
function auditQuerySchema() {
  const day = z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value));
  return z.object({
    action: z.enum(AUDIT_ACTIONS).optional(),
    entity: z.enum(AUDIT_ENTITIES).optional(),
    user: z.string().trim().min(1).max(100).optional(),
    from: day.optional(),
    to: day.optional(),
    q: searchTerm,
    page: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
  });
}

/** The filters as the page shows them: '' for a filter not set. */
export type AuditFilters = { action: string; entity: string; user: string; from: string; to: string; q: string };

/**
 * The page's query, read leniently (a bad filter value is ignored, never an error): the filters for
 * the model (`from`/`to` in order even when given the wrong way round), the page number (default 1),
 * and the filters as the form shows them.
 */
export function readAuditQuery(request: Request) {
  const query = readPageQuery(request, auditQuerySchema());
  // Days given the wrong way round still mean the span between them.
  const [from, to] = query.from && query.to && query.from > query.to ? [query.to, query.from] : [query.from, query.to];
  const filters: AuditFilters = {
    action: query.action ?? '',
    entity: query.entity ?? '',
    user: query.user ?? '',
    from: query.from ?? '',
    to: query.to ?? '',
    q: query.q ?? '',
  };
  return { action: query.action, entityType: query.entity, actor: query.user, from, to, q: query.q, page: query.page ?? 1, filters };
}

/** The longest value text an entry shows per field (the rest is cut with '…'). */
const MAX_VALUE_CHARS = 400;

/** '3:40 PM' in Asia/Kolkata. */
function formatTime(value: Date): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit' }).format(value);
}

/** A value with nothing in it: null, '', an empty list, or an object whose values are all empty. */
function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isEmptyValue);
  return false;
}

/** A value inside a list or object, on one line: 'Yes', '2', 'a, b', 'Day: 1; Title: Start'. */
function inlineText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(inlineText).join(', ');
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .filter(([, v]) => !isEmptyValue(v))
      .map(([k, v]) => `${fieldLabel(k)}: ${inlineText(v)}`)
      .join('; ');
  }
  return '';
}

/**
 * A stored value as text: '(empty)', 'Yes'/'No', numbers and strings as they are, a list one item a
 * line, an object as 'Label: value' lines (empty parts left out). Cut at MAX_VALUE_CHARS.
 */
function valueText(value: unknown): string {
  let text: string;
  if (isEmptyValue(value)) text = '(empty)';
  else if (Array.isArray(value)) text = value.map(inlineText).join('\n');
  else if (value && typeof value === 'object') text = inlineText(value).split('; ').join('\n');
  else text = inlineText(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

/** Field names whose words alone read wrong. */
const FIELD_LABELS: Record<string, string> = { ac: 'AC', imageUrl: 'Image URL', id: 'ID' };

/** 'dailyRate' → 'Daily rate', 'engine_capacity' → 'Engine capacity', 'ac' → 'AC'. */
function fieldLabel(field: string): string {
  if (FIELD_LABELS[field]) return FIELD_LABELS[field];
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The changed fields as text, and which sides to show: 'after' when every field was empty before
 * (a create), 'before' when every field is empty after (a delete), else 'both'.
 */
function changeRows(changes: AuditChanges | null): {
  sides: 'both' | 'before' | 'after';
  rows: { field: string; label: string; from: string; to: string }[];
} {
  const entries = Object.entries(changes ?? {});
  const sides = entries.every(([, c]) => isEmptyValue(c.from)) ? 'after' : entries.every(([, c]) => isEmptyValue(c.to)) ? 'before' : 'both';
  return {
    sides,
    rows: entries.map(([field, change]) => ({ field, label: fieldLabel(field), from: valueText(change.from), to: valueText(change.to) })),
  };
}

/**
 * The admin page of an entry's record: catalogue items, bookings and inquiries while they exist;
 * the settings, location and outbox pages; the staff page for the admin role. Null otherwise.
 */
function recordHref(entityType: string, entityId: string | null, exists: boolean, viewerIsAdmin: boolean): string | null {
  switch (entityType) {
    case 'package':
    case 'bike':
    case 'car':
    case 'driver':
      return exists && entityId ? `/admin/${entityType}s/edit/${entityId}` : null;
    case 'booking':
      return exists && entityId ? `/admin/bookings/${entityId}` : null;
    case 'inquiry':
      return exists && entityId ? `/admin/inquiries?view=${entityId}` : null;
    case 'settings':
      return viewerIsAdmin ? '/admin/settings' : null;
    case 'location':
      return viewerIsAdmin ? '/admin/location' : null;
    case 'email':
      return '/admin/outbox';
    case 'user':
      return viewerIsAdmin ? '/admin/staff' : null;
    default:
      return null;
  }
}

/**
 * One entry as a row of the page's table: when (date and time in India), who, what, the link to its
 * record (`exists`: the record is still there; `viewerIsAdmin`: the staff page is open to them, and
 * the IP address is shown; null for a staff viewer) and the changed fields as text.
 */
export function auditRow(entry: AuditEntry, exists: boolean, viewerIsAdmin: boolean) {
  return {
    id: entry.id,
    at: entry.createdAt.toISOString(),
    date: formatDate(entry.createdAt),
    time: formatTime(entry.createdAt),
    actorName: entry.actorName,
    // IP addresses are for the admin role (docs/decisions/045-security-round-two.md, section 9).
    ip: viewerIsAdmin ? entry.ip : null,
    action: entry.action,
    entityType: entry.entityType,
    reference: entry.entityId ? (isUuid(entry.entityId) ? `#${shortReference(entry.entityId)}` : entry.entityId) : null,
    summary: entry.summary,
    href: recordHref(entry.entityType, entry.entityId, exists, viewerIsAdmin),
    changes: changeRows(entry.changes),
  };
}

/** A row of the audit log's table. */
export type AuditRow = ReturnType<typeof auditRow>;
