/**
 * How a booking's status looks in the admin (docs/product.md#booking-status): the coloured badge of
 * the list and the status card of the detail page ('Pending Review', 'Confirmed', 'Rejected' with a
 * line of explanation), and the Confirm / Reject buttons (see booking-actions.server.ts). Only the
 * moves the state machine allows are offered. Confirm posts at once; Reject is destructive (for a
 * confirmed booking it cancels the confirmation), so it first opens a confirmation saying what it
 * does: a GET form to the same page with `?reject=<id>`, which the page answers with `RejectConfirm`
 * (docs/product.md#admin-lists: destructive actions behind a confirmation). All of it works without
 * JavaScript.
 */
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { ConfirmAction } from '~/components/admin/confirm-delete';
import { buttonClass } from '~/components/ui/button';
import { StatusPill, type StatusTone } from '~/components/ui/status-pill';
import { cn } from '~/lib/cn';
import type { BookingStatus } from '~/lib/constants';
import { BOOKING_STATUS_LABELS, BOOKING_TRANSITIONS } from '~/schemas/booking-admin';

const TONES: Record<BookingStatus, { badge: StatusTone; card: string; icon: typeof Clock }> = {
  pending: { badge: 'pending', card: 'border-marigold/50 bg-[#fffaf0]', icon: Clock },
  confirmed: { badge: 'ok', card: 'border-flag-green/40 bg-[#f3faf6]', icon: CircleCheck },
  rejected: { badge: 'bad', card: 'border-flag-red/30 bg-[#fdf6f5]', icon: CircleX },
  cancelled: { badge: 'bad', card: 'border-stone-300 bg-stone-50', icon: CircleX },
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <StatusPill tone={TONES[status].badge} dot>
      {BOOKING_STATUS_LABELS[status]}
    </StatusPill>
  );
}

/** The status card's title and explanation. */
export const STATUS_CARD: Record<BookingStatus, { title: string; text: string }> = {
  pending: {
    title: 'Pending Review',
    text: 'This booking is waiting for a decision. Confirm it once the trip or vehicle is arranged, or reject it.',
  },
  confirmed: {
    title: 'Confirmed',
    text: 'The booking is confirmed and the customer can count on it. Rejecting it now cancels the confirmation.',
  },
  rejected: {
    title: 'Rejected',
    text: 'This booking was declined. You can still confirm it if the dates work out after all.',
  },
  cancelled: {
    title: 'Cancelled',
    text: 'The traveller called this booking off; it is final. Its refunds are in the Refunds panel, where a further refund can be made.',
  },
};

const OUTLINE_BASE =
  'inline-flex items-center justify-center gap-1.5 rounded-full border font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

/** Confirm is green, Reject red; rows get small outlined buttons, the card full-width ones. */
function buttonLook(confirm: boolean, compact: boolean): string {
  if (compact) {
    // Phones: labelled buttons in the card; the table (lg and up): round icon buttons, same accessible name.
    return cn(
      OUTLINE_BASE,
      'min-h-11 min-w-11 px-4 text-sm lg:px-0',
      confirm ? 'border-flag-green/60 text-status-ok-fg hover:bg-status-ok-bg' : 'border-flag-red/50 text-[#a93226] hover:bg-flag-red/10',
    );
  }
  return confirm
    ? buttonClass('primary', 'md', 'w-full whitespace-nowrap')
    : cn(OUTLINE_BASE, 'min-h-11 w-full whitespace-nowrap border-flag-red/60 bg-white px-5 text-[#a93226] hover:bg-flag-red/10');
}

/** The search parameter that opens the Reject confirmation for a booking id. */
export const REJECT_PARAM = 'reject';

/** The statuses these buttons set; cancelling has its own flow (the refund by the policy, docs/decisions/046-payments.md). */
type ButtonStatus = Exclude<BookingStatus, 'pending' | 'cancelled'>;
const INTENT_OF: Record<ButtonStatus, 'confirm' | 'reject'> = { confirmed: 'confirm', rejected: 'reject' };

/**
 * The Confirm and Reject buttons allowed from `status`, posting to `action` (the page's own address,
 * so the action can return to it). `size` 'sm' for table rows; `name` completes the accessible names.
 */
export function StatusButtons({
  id,
  status,
  action,
  name,
  compact = false,
}: {
  id: string;
  status: BookingStatus;
  action: string;
  /** Who the booking is for: 'Confirm booking of Asha Rai'. */
  name: string;
  /** Small row buttons ('Confirm', 'Reject') instead of the card's ('Confirm Booking', 'Reject Booking'). */
  compact?: boolean;
}) {
  const navigation = useNavigation();
  const busyIntent = navigation.state !== 'idle' && navigation.formData?.get('id') === id ? navigation.formData.get('intent') : null;
  const targets = BOOKING_TRANSITIONS[status].filter((to): to is ButtonStatus => to !== 'pending' && to !== 'cancelled');
  return (
    <>
      {targets.map((to) => {
        const intent = INTENT_OF[to];
        const confirm = intent === 'confirm';
        const busy = busyIntent === intent;
        const label = confirm ? 'Confirm' : 'Reject';
        const content = (
          <>
            {confirm ? <CircleCheck className="size-4" aria-hidden /> : <CircleX className="size-4" aria-hidden />}
            {compact ? (
              <span className="lg:sr-only">{busy ? (confirm ? 'Confirming...' : 'Rejecting...') : label}</span>
            ) : busy ? (
              confirm ? (
                'Confirming...'
              ) : (
                'Rejecting...'
              )
            ) : (
              `${label} Booking`
            )}
            <span className="sr-only">{compact ? ` booking of ${name}` : ` of ${name}`}</span>
          </>
        );
        const look = buttonLook(confirm, compact);
        const title = compact ? `${label} booking` : undefined;
        if (!confirm) {
          // Reject asks first: the same page with ?reject=<id>, its search and page kept.
          const here = new URL(action, 'http://admin.invalid');
          return (
            <Form key={to} method="get" action={here.pathname} preventScrollReset className={compact ? undefined : 'min-w-[11rem] flex-1'}>
              {[...here.searchParams].map(([key, value]) => (
                <input key={key} type="hidden" name={key} value={value} />
              ))}
              <input type="hidden" name={REJECT_PARAM} value={id} />
              <button type="submit" data-reject-id={id} disabled={busyIntent !== null} title={title} className={look}>
                {content}
              </button>
            </Form>
          );
        }
        return (
          <Form key={to} method="post" action={action} preventScrollReset className={compact ? undefined : 'min-w-[11rem] flex-1'}>
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="id" value={id} />
            <button type="submit" disabled={busyIntent !== null} title={title} className={look}>
              {content}
            </button>
          </Form>
        );
      })}
    </>
  );
}

/** The detail page's status card: icon, title, explanation and the allowed actions. */
export function StatusCard({ id, status, action, name, detail }: { id: string; status: BookingStatus; action: string; name: string; detail?: string }) {
  const tone = TONES[status];
  const Icon = tone.icon;
  const card = STATUS_CARD[status];
  return (
    <section aria-labelledby="booking-status-title" className={cn('rounded-card border p-5 shadow-sm', tone.card)}>
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-6 shrink-0 text-ink" aria-hidden />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-[0.08em] text-muted uppercase">Status</p>
          <h2 id="booking-status-title" className="font-sans text-xl font-semibold text-ink">
            {card.title}
          </h2>
          <p className="mt-1 text-sm text-ink/80">{card.text}</p>
          {detail ? <p className="mt-1 text-sm text-muted">{detail}</p> : null}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <StatusButtons id={id} status={status} action={action} name={name} />
      </div>
    </section>
  );
}

/**
 * The Reject confirmation (opened by `?reject=<id>`): says what rejecting does for the booking's
 * current status, then posts `intent=reject` to `action` ('Booking rejected') or goes back to
 * `cancelTo`.
 */
export function RejectConfirm({
  id,
  status,
  name,
  action,
  cancelTo,
}: {
  id: string;
  status: BookingStatus;
  /** Who and which booking: 'Asha Rai (#A1B2C3)'. */
  name: string;
  action: string;
  cancelTo: string;
}) {
  const confirmed = status === 'confirmed';
  return (
    <ConfirmAction
      question={confirmed ? 'Cancel this confirmed booking?' : 'Reject this booking?'}
      detail={
        confirmed ? (
          <>
            Rejecting the booking of {name} cancels its confirmation: the customer can no longer count on it, and its dates become free for other bookings. You
            can confirm it again later if the dates are still free.
          </>
        ) : (
          <>The booking of {name} is declined and its dates stay free for other bookings. You can still confirm it later if the dates work out.</>
        )
      }
      id={id}
      action={action}
      cancelTo={cancelTo}
      intent="reject"
      confirmLabel={confirmed ? 'Reject and cancel confirmation' : 'Reject booking'}
      busyLabel="Rejecting..."
      icon={CircleX}
    />
  );
}
