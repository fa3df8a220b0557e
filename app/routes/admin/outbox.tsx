/**
 * /admin/outbox (docs/decisions/011-notifications-outbox.md): the notification e-mails, newest
 * first, 20 a page, filtered by status (pending, sent, failed, held) through the URL (`?status=&page=`):
 * to, subject, status, attempts, last error or why it is held, created and sent time, and the
 * message itself. A held mail is an acknowledgement over its caps, stored and never sent
 * (docs/decisions/045-security-round-two.md#4-the-acknowledgement-e-mail-is-no-relay).
 * 'Resend' on a failed one puts it back in the queue (pending, attempts 0), wakes the mailer and is
 * audited as 'resend' on entity 'email'. A note explains that without SMTP_URL nothing is sent and
 * the mails stay here. Works without JavaScript (filters are links, Resend is a plain form).
 */
import { MailCheck, RotateCw } from 'lucide-react';
import { Form, Link, redirect } from 'react-router';
import { z } from 'zod';
import { DataTable, type DataColumn } from '~/components/admin/data-table';
import { EmptyState } from '~/components/admin/empty-state';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { Pagination } from '~/components/ui/pagination';
import { buttonClass } from '~/components/ui/button';
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { cn } from '~/lib/cn';
import { OUTBOX_STATUSES, type OutboxStatus } from '~/lib/constants';
import { Conflict, NotFound } from '~/lib/errors.server';
import { formatDateTime } from '~/lib/format';
import { isUuid } from '~/lib/ids';
import { listHref } from '~/lib/list-href';
import { logger } from '~/lib/logger.server';
import { mailerSends, retryEmailsNow } from '~/infrastructure/mail-delivery.server';
import { redirectWithToast } from '~/lib/toast.server';
import { MAX_SEND_ATTEMPTS, OUTBOX_PAGE_SIZE, acknowledgementCaps, listOutboxPage, resendEmail } from '~/models/outbox.server';
import { MAX_PAGE, pageCount, readPageQuery } from '~/schemas/catalog-query';
import type { Route } from './+types/outbox';
import { StatusPill, type StatusTone } from '~/components/ui/status-pill';

const PATH = '/admin/outbox';

const querySchema = z.object({
  status: z.enum(OUTBOX_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
});

/** The list's filter and page from the URL; a bad value means its default. */
function readQuery(request: Request): { status: OutboxStatus | undefined; page: number } {
  const query = readPageQuery(request, querySchema);
  return { status: query.status, page: query.page ?? 1 };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { status, page } = readQuery(request);
  const { items, total, counts } = await listOutboxPage({ status, limit: OUTBOX_PAGE_SIZE, offset: (page - 1) * OUTBOX_PAGE_SIZE });
  const pages = pageCount(total, OUTBOX_PAGE_SIZE);
  if (page > pages) throw redirect(listHref(PATH, { status, page: pages }));
  return {
    rows: items.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      status: m.status as OutboxStatus,
      attempts: m.attempts,
      lastError: m.lastError,
      heldReason: m.heldReason,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt ? m.sentAt.toISOString() : null,
    })),
    total,
    counts,
    status: status ?? null,
    page,
    pages,
    sends: mailerSends(),
    pageSize: OUTBOX_PAGE_SIZE,
    maxAttempts: MAX_SEND_ATTEMPTS,
    caps: acknowledgementCaps(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  const { status, page } = readQuery(request);
  const back = listHref(PATH, { status, page });
  const form = await request.formData().catch(() => null);
  const id = form?.get('id');
  if (form?.get('intent') !== 'resend' || typeof id !== 'string' || !isUuid(id)) {
    throw await redirectWithToast(back, { type: 'error', title: 'E-mail not found' });
  }
  try {
    await resendEmail(id, auditActor(auth, request));
  } catch (error) {
    if (error instanceof NotFound) throw await redirectWithToast(back, { type: 'error', title: 'E-mail not found' });
    if (error instanceof Conflict) throw await redirectWithToast(back, { type: 'error', title: 'Only a failed e-mail can be resent' });
    logger.error({ err: error, id }, 'resending an e-mail failed');
    throw await redirectWithToast(back, { type: 'error', title: 'An error occurred. Please try again.' });
  }
  retryEmailsNow([id]);
  throw await redirectWithToast(back, {
    type: 'success',
    title: 'E-mail queued to send again',
    description: mailerSends() ? undefined : 'SMTP_URL is not set, so it stays in the outbox as pending.',
  });
}

export const meta: Route.MetaFunction = () => adminMeta('Outbox');

type Row = Route.ComponentProps['loaderData']['rows'][number];

const STATUS_LOOK: Record<OutboxStatus, { label: string; tone: StatusTone }> = {
  pending: { label: 'Pending', tone: 'pending' },
  sent: { label: 'Sent', tone: 'ok' },
  failed: { label: 'Failed', tone: 'bad' },
  held: { label: 'Held', tone: 'neutral' },
};

function OutboxStatusPill({ status }: { status: OutboxStatus }) {
  const look = STATUS_LOOK[status];
  return (
    <StatusPill tone={look.tone} dot>
      {look.label}
    </StatusPill>
  );
}

/** The subject, the address and the message behind a disclosure (works without JavaScript). */
function MailCell({ mail }: { mail: Row }) {
  return (
    <div className="min-w-0">
      <p className="font-semibold break-words text-ink">{mail.subject}</p>
      <p className="text-xs break-all text-muted">To: {mail.to}</p>
      <details className="mt-1 text-sm">
        <summary className="inline-flex min-h-9 cursor-pointer items-center font-medium text-forest-700">Show message</summary>
        <pre className="mt-2 max-h-72 max-w-prose overflow-auto rounded-lg bg-mist p-3 font-sans text-xs break-words whitespace-pre-wrap text-ink">
          {mail.text}
        </pre>
      </details>
    </div>
  );
}

/** 'Resend' of a failed mail: a plain form posting back to the list (same filter and page). */
function ResendForm({ mail, action }: { mail: Row; action: string }) {
  return (
    <Form method="post" action={action} className="mt-1">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={mail.id} />
      <button type="submit" className={buttonClass('outline', 'md')} aria-label={`Resend “${mail.subject}” to ${mail.to}`}>
        <RotateCw className="size-4" aria-hidden />
        Resend
      </button>
    </Form>
  );
}

/** Status with its attempts and the last error under it, and 'Resend' on a failed mail. */
function StatusCell({ mail, maxAttempts, action }: { mail: Row; maxAttempts: number; action: string }) {
  return (
    <div className="flex min-w-0 flex-col items-start gap-1">
      <OutboxStatusPill status={mail.status} />
      <span className="text-xs text-muted">
        Attempts: {mail.attempts} of {maxAttempts}
      </span>
      {mail.heldReason ? (
        <span className="text-xs break-words text-muted">
          <span className="font-semibold">Not sent:</span> {mail.heldReason}
        </span>
      ) : null}
      {mail.lastError ? (
        <span className="text-xs break-words text-status-bad-fg">
          <span className="font-semibold">Last error:</span> {mail.lastError}
        </span>
      ) : null}
      {mail.status === 'failed' ? <ResendForm mail={mail} action={action} /> : null}
    </div>
  );
}

const columns = (maxAttempts: number, action: string): DataColumn<Row>[] => [
  { header: 'E-mail', primary: true, cell: (m) => <MailCell mail={m} />, className: 'min-w-72' },
  { header: 'Status', cell: (m) => <StatusCell mail={m} maxAttempts={maxAttempts} action={action} />, className: 'w-60' },
  {
    header: 'Created / sent',
    cell: (m) => (
      <span className="flex flex-col gap-0.5 text-sm">
        <span>{formatDateTime(m.createdAt)}</span>
        <span className="text-muted">{m.sentAt ? `Sent ${formatDateTime(m.sentAt)}` : 'Not sent'}</span>
      </span>
    ),
    className: 'w-48',
  },
];

const FILTERS: { status: OutboxStatus | null; label: string }[] = [
  { status: null, label: 'All' },
  { status: 'pending', label: 'Pending' },
  { status: 'sent', label: 'Sent' },
  { status: 'failed', label: 'Failed' },
  { status: 'held', label: 'Held' },
];

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const { rows, total, counts, status, page, pages, sends, pageSize, maxAttempts, caps } = loaderData;
  const all = counts.pending + counts.sent + counts.failed + counts.held;
  const here = listHref(PATH, { status: status ?? undefined, page });
  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeader
        title="Outbox"
        description="Notification e-mails: to the operator about new bookings and inquiries, and acknowledgements to travellers. Newest first."
      />

      <div role="note" className="card p-4 text-sm shadow-sm">
        {sends ? (
          <p>
            E-mails are sent through the mail server set in <code className="font-semibold">SMTP_URL</code>. A failed send is retried up to {maxAttempts} times
            (waiting from 15 seconds up to 30 minutes between tries), then marked failed; Resend puts it back in the queue.
          </p>
        ) : (
          <p>
            <strong className="font-semibold">SMTP_URL is not set, so no e-mail is sent.</strong> Without SMTP_URL, notification e-mails stay here as pending,
            where you can read them. Once SMTP_URL is set and the site restarted, the waiting ones are sent.
          </p>
        )}
        <p className="mt-2">
          Acknowledgements to visitors are held (stored here, never sent) beyond {caps.perAddressPerDay} per address a day or {caps.perSitePerHour} for the
          whole site an hour, so nobody can use the site to flood someone else&apos;s mailbox. Mails to the office are never held.
        </p>
      </div>

      <nav aria-label="Filter by status">
        <ul className="flex flex-wrap gap-2">
          {FILTERS.map((f) => {
            const current = f.status === status;
            const n = f.status ? counts[f.status] : all;
            return (
              <li key={f.label}>
                <Link
                  to={listHref(PATH, { status: f.status ?? undefined })}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium',
                    current ? 'border-forest-700 bg-forest-700 text-white' : 'border-forest-100 bg-white text-forest-800 hover:bg-forest-50',
                  )}
                >
                  {f.label}
                  <span className={cn('rounded-full px-2 text-xs font-semibold', current ? 'bg-white/20' : 'bg-mist text-muted')}>
                    {n.toLocaleString('en-IN')}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {rows.length === 0 ? (
        <EmptyState
          icon={MailCheck}
          title={status ? `No ${status} e-mails` : 'No e-mails yet'}
          message={status ? 'Nothing has this status right now.' : 'A new booking or inquiry puts its two e-mails here.'}
          action={
            status ? (
              <Link to={PATH} className={buttonClass('outline', 'md')}>
                Show all e-mails
              </Link>
            ) : undefined
          }
        />
      ) : (
        <DataTable label="Notification e-mails" rows={rows} rowKey={(m) => m.id} columns={columns(maxAttempts, here)} />
      )}
      <Pagination
        variant="admin"
        pathname={PATH}
        params={{ status: status ?? undefined }}
        page={page}
        pageCount={pages}
        total={total}
        pageSize={pageSize}
        noun="e-mails"
      />
    </div>
  );
}
