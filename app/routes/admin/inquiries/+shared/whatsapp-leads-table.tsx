/**
 * The 'WhatsApp leads' tab of /admin/inquiries (`?tab=leads`, docs/decisions/049-whatsapp-leads.md):
 * the newest clicks on the site's WhatsApp links, with their code (the 'Ref:' line of the chat's
 * first message), time, page, item, UTM tags and whether staff linked a booking or inquiry to it.
 */
import { DataTable, type DataColumn } from '~/components/admin/data-table';
import { EmptyState } from '~/components/admin/empty-state';
import { MessageSquareText } from 'lucide-react';
import { formatDateTime } from '~/lib/format';
import type { WhatsappLeadRow } from '~/models/whatsapp-leads.server';

/** A lead as the loader sends it (dates as strings once serialised). */
export type LeadRow = Omit<WhatsappLeadRow, 'createdAt'> & { createdAt: Date | string };

const ITEM_LABELS: Record<string, string> = { package: 'Package', bike: 'Bike', car: 'Car' };

/** 'instagram / social / spring' from the tags present, or '—'. */
function utmText(row: LeadRow): string {
  const parts = [row.utmSource, row.utmMedium, row.utmCampaign, row.utmTerm, row.utmContent].filter((v): v is string => Boolean(v));
  return parts.length > 0 ? parts.join(' / ') : '—';
}

function linkedText(row: LeadRow): string {
  const parts = [];
  if (row.bookings > 0) parts.push(`${row.bookings} booking${row.bookings === 1 ? '' : 's'}`);
  if (row.inquiries > 0) parts.push(`${row.inquiries} ${row.inquiries === 1 ? 'inquiry' : 'inquiries'}`);
  return parts.length > 0 ? parts.join(', ') : 'Not linked';
}

const columns: DataColumn<LeadRow>[] = [
  { header: 'Code', primary: true, cell: (row) => <span className="font-mono font-semibold text-ink">{row.code}</span> },
  {
    header: 'Time',
    className: 'whitespace-nowrap',
    cell: (row) => <time dateTime={new Date(row.createdAt).toISOString()}>{formatDateTime(row.createdAt)}</time>,
  },
  { header: 'Page', cell: (row) => <span className="break-all">{row.pagePath}</span> },
  { header: 'Item', cell: (row) => (row.itemType ? `${ITEM_LABELS[row.itemType] ?? row.itemType}: ${row.itemName ?? ''}` : '—') },
  { header: 'UTM', cell: (row) => <span className="break-words">{utmText(row)}</span> },
  { header: 'Linked', cell: (row) => <span data-linked={row.bookings + row.inquiries > 0 ? 'yes' : 'no'}>{linkedText(row)}</span> },
];

export function WhatsappLeadsTable({ leads }: { leads: LeadRow[] }) {
  if (leads.length === 0) {
    return (
      <EmptyState
        icon={MessageSquareText}
        title="No WhatsApp clicks yet"
        message="Each press of an Ask on WhatsApp link or the chat bubble on the site shows here with its code."
      />
    );
  }
  return <DataTable label="WhatsApp leads" rows={leads} rowKey={(row) => row.id} columns={columns} />;
}
