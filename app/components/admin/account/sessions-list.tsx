/**
 * The signed-in user's live sessions on /admin/profile (docs/decisions/004-staff-authentication.md):
 * device in plain words, kind (browser cookie or API token), IP address, when it signed in and was
 * last used, 'This device' on the current one, and a Sign out button on each (the current one signs
 * this browser out). Plain forms: they work without JavaScript.
 */
import { LogOut } from 'lucide-react';
import { Form } from 'react-router';
import { DataTable, type DataColumn } from '~/components/admin/data-table';
import { cn } from '~/lib/cn';
import { formatDateTime } from '~/lib/format';
import { StatusPill } from '~/components/ui/status-pill';

export type SessionItem = {
  id: string;
  kind: 'cookie' | 'bearer';
  device: string;
  ip: string | null;
  createdAt: string | Date;
  lastSeenAt: string | Date;
  current: boolean;
};

const columns: DataColumn<SessionItem>[] = [
  {
    header: 'Device',
    primary: true,
    cell: (s) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-ink">{s.device}</span>
        {s.current ? <StatusPill tone="ok">This device</StatusPill> : null}
      </span>
    ),
  },
  { header: 'Kind', cell: (s) => (s.kind === 'bearer' ? 'API token' : 'Browser') },
  { header: 'IP address', cell: (s) => <span className="font-mono text-xs break-all">{s.ip ?? '—'}</span> },
  { header: 'Signed in', cell: (s) => formatDateTime(s.createdAt), className: 'whitespace-nowrap' },
  { header: 'Last seen', cell: (s) => formatDateTime(s.lastSeenAt), className: 'whitespace-nowrap' },
];

export function SessionsList({ sessions }: { sessions: SessionItem[] }) {
  return (
    <DataTable
      label="Your sessions"
      rows={sessions}
      rowKey={(s) => s.id}
      columns={columns}
      actions={(s) => (
        <Form method="post">
          <input type="hidden" name="intent" value="revoke-session" />
          <input type="hidden" name="sessionId" value={s.id} />
          <button
            type="submit"
            className={cn(
              'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors',
              'border-flag-red/40 text-[#a93226] hover:bg-flag-red/10',
            )}
          >
            <LogOut className="size-4" aria-hidden />
            Sign out
            <span className="sr-only"> {s.current ? 'this device' : `${s.device}, signed in ${formatDateTime(s.createdAt)}`}</span>
          </button>
        </Form>
      )}
    />
  );
}
