/**
 * The texts of the notification mails (docs/decisions/011-notifications-outbox.md): the operator's
 * notification and the traveller's acknowledgement of a new booking or inquiry, and the traveller's
 * mail when staff change a booking's status. Pure builders: they read the settings and the record
 * they are given and PUBLIC_URL, and touch neither the database nor SMTP. The models put what they
 * return in the outbox (app/models/outbox.server.ts); app/infrastructure/mail-delivery.server.ts
 * sends it.
 *
 * The traveller's acknowledgement goes to whatever address the visitor typed, so it repeats nothing
 * else they typed (no name, message, phone, subject or place): only the reference, what was asked
 * for (a catalogue item, a date, a number chosen from a list) and the office's own details. Anyone
 * can make the site mail anyone; this way they cannot make it carry their words
 * (docs/decisions/045-security-round-two.md#4-the-acknowledgement-e-mail-is-no-relay).
 */
import type { Booking, Inquiry } from '~/db/schema';
import type { Settings } from '~/schemas/settings';
import type { BookingStatus, MailKind } from './constants';
import { env } from './env.server';
import { formatDate, formatDateRange } from './format';
import { shortReference } from './ids';
import { formatPaise } from './money';
import { formatPhone } from './whatsapp';

/**
 * One mail to send: the outbox stores it as it is (`enqueueEmails` in app/models/outbox.server.ts).
 * `kind` (default `notification`) says what it is; acknowledgements are capped there.
 */
export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind?: MailKind;
  /** A mail that must go at most once (a balance reminder for one due day): a second with this key is not queued. */
  dedupeKey?: string;
};

type Company = Pick<Settings['company'], 'name' | 'email' | 'phone' | 'whatsappNumber'>;

/** The operator's address for notifications: the notification setting, else the company e-mail. */
export function operatorEmail(settings: Pick<Settings, 'company' | 'notifications'>): string {
  return settings.notifications.email || settings.company.email;
}

const TYPE_LABEL: Record<string, string> = {
  packages: 'tour package inquiry',
  cabs: 'cab inquiry',
  rentals: 'bike rental inquiry',
  contact: 'contact message',
  package: 'tour booking',
  bike: 'bike booking',
  car: 'car booking',
};

function lines(pairs: [string, string | number | boolean | null | undefined][]): string {
  return pairs
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v)}`)
    .join('\n');
}

/**
 * The line that links a traveller's mail to their booking page (docs/decisions/046-payments.md#the-travellers-booking-page),
 * with the blank line after it; '' without a link.
 */
export function pageLine(pageUrl: string | undefined): string {
  return pageUrl ? `Your booking, what is paid and what is due: ${pageUrl}\n\n` : '';
}

/** Strip line breaks from text that goes into a header (subject). */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').slice(0, 150);

/**
 * Operator notification (every detail, to the office) and traveller acknowledgement (reference,
 * item, dates and head-count only; see the module comment) of a new booking.
 */
export function bookingMails(booking: Booking, company: Company, operator: string = company.email, pageUrl?: string): OutgoingEmail[] {
  const ref = shortReference(booking.id);
  const kind = TYPE_LABEL[booking.type] ?? 'booking';
  const details = lines([
    ['Reference', ref],
    ['Item', booking.itemName],
    ['Name', booking.name],
    ['Email', booking.email],
    ['Phone', booking.phone],
    [booking.type === 'package' ? 'Travel date' : 'Start date', formatDate(booking.startDate)],
    ['End date', booking.endDate ? formatDate(booking.endDate) : null],
    ['Adults', booking.adults],
    ['Children', booking.children],
    ['Helmet', booking.needHelmet],
    ['Driver', booking.needDriver],
    ['Message', booking.message],
  ]);
  // Nothing the visitor typed: the item is the catalogue's, the dates and numbers were validated.
  const acknowledged = lines([
    ['Reference', `#${ref}`],
    ['Item', booking.itemName],
    [booking.type === 'package' ? 'Travel dates' : 'Dates', formatDateRange(booking.startDate, booking.endDate)],
    ['Adults', booking.adults],
    ['Children', booking.children],
  ]);
  return [
    {
      to: operator,
      subject: oneLine(`New ${kind} #${ref}: ${booking.itemName} from ${booking.name}`),
      text: `A new ${kind} arrived and is waiting for you (status: pending).\n\n${details}\n\nOpen it: ${env().PUBLIC_URL}/admin/bookings/${booking.id}\n`,
    },
    {
      to: booking.email,
      kind: 'acknowledgement',
      subject: oneLine(`We received your request #${ref} - ${company.name}`),
      text: `Hello,\n\nThank you for your ${kind} with ${company.name}. We've received your request and will contact you within 24 hours.\n\n${acknowledged}\n\n${pageLine(pageUrl)}Questions? Call ${formatPhone(company.phone)} or reply to this e-mail.\n\nDid not ask us for anything? Then someone typed your address by mistake; you need not do anything.\n\n${company.name}\n`,
    },
  ];
}

/** What a cancellation mail says of the money: what comes back of what was paid, when known. */
function cancellationRefundText(refund: { amountPaise: number; paidPaise: number } | undefined): string {
  if (!refund) return "Any refund due under your booking's cancellation policy is shown on your booking page, and we will write again when it is made.";
  if (refund.paidPaise <= 0) return 'Nothing was paid, so nothing is due either way.';
  if (refund.amountPaise <= 0) return `Under your booking's cancellation policy, none of the ${formatPaise(refund.paidPaise)} you paid is refunded.`;
  return `We are refunding ${formatPaise(refund.amountPaise)} of the ${formatPaise(refund.paidPaise)} you paid, and we will write again when the refund is made.`;
}

/**
 * The traveller's mail when staff change a booking's status (docs/product.md#booking-status,
 * docs/decisions/011-notifications-outbox.md): confirmed, could not be confirmed (a pending one
 * rejected) or cancelled (a confirmed one rejected). Names the item, dates and reference and the
 * office's phone and WhatsApp; of what the traveller typed, only their name. Null for a move that
 * is no change or that the state machine never makes (back to pending). A cancellation made with
 * its refund decided (`refund`, paise: docs/decisions/046-payments.md#cancellation-and-refunds)
 * says what comes back of what was paid; without it, that any refund due is on the booking page.
 * The "confirmed" mail also links the travel voucher (`voucherLine`).
 */
export function bookingStatusMail(
  booking: Pick<Booking, 'id' | 'type' | 'itemName' | 'name' | 'email' | 'startDate' | 'endDate'>,
  change: { from: BookingStatus; to: BookingStatus },
  company: Company,
  pageUrl?: string,
  refund?: { amountPaise: number; paidPaise: number },
): OutgoingEmail | null {
  if (change.from === change.to || change.to === 'pending') return null;
  const ref = shortReference(booking.id);
  const kind = TYPE_LABEL[booking.type] ?? 'booking';
  const details = lines([
    ['Reference', `#${ref}`],
    ['Item', booking.itemName],
    [booking.type === 'package' ? 'Travel dates' : 'Dates', formatDateRange(booking.startDate, booking.endDate)],
  ]);
  const contact = lines([
    ['Phone', company.phone ? formatPhone(company.phone) : null],
    ['WhatsApp', company.whatsappNumber ? formatPhone(company.whatsappNumber) : null],
  ]);
  const cancelled = change.to === 'rejected' && change.from === 'confirmed';
  const [subject, message] =
    change.to === 'cancelled'
      ? [`Your booking #${ref} is cancelled`, `Your ${kind} with ${company.name} is cancelled. ${cancellationRefundText(refund)}`]
      : change.to === 'confirmed'
        ? [`Your booking #${ref} is confirmed`, `Good news: your ${kind} with ${company.name} is confirmed. You can count on it.`]
        : cancelled
          ? [`Your confirmed booking #${ref} is cancelled`, `We are sorry: your confirmed ${kind} with ${company.name} has been cancelled and no longer holds.`]
          : [
              `Your booking #${ref} could not be confirmed`,
              `We are sorry: we could not confirm your ${kind} with ${company.name}. Call or message us and we will gladly look for other dates or options.`,
            ];
  return {
    to: booking.email,
    kind: 'status',
    subject: oneLine(`${subject} - ${company.name}`),
    text: `Hello ${booking.name},\n\n${message}\n\n${details}\n\n${pageLine(pageUrl)}${change.to === 'confirmed' ? voucherLine(pageUrl) : ''}Questions? Reply to this e-mail or contact our office:\n${contact}\n\n${company.name}\n`,
  };
}

/**
 * The line of the "confirmed" mail that links the travel voucher (docs/decisions/051-voucher.md):
 * the booking page's address + '/voucher', with the blank line after it; '' without a page link.
 * A link, not an attachment: the voucher is made when it is opened, so it shows the driver and
 * what is paid as they are then.
 */
export function voucherLine(pageUrl: string | undefined): string {
  return pageUrl ? `Your travel voucher (PDF), to keep with you on the trip: ${pageUrl}/voucher\n\n` : '';
}

/**
 * Operator notification (every detail, to the office) and traveller acknowledgement (reference,
 * the catalogue item asked about, date and choices only; see the module comment) of a new inquiry
 * or contact message.
 */
export function inquiryMails(inquiry: Inquiry, company: Company, operator: string = company.email): OutgoingEmail[] {
  const ref = shortReference(inquiry.id);
  const kind = TYPE_LABEL[inquiry.type] ?? 'inquiry';
  const rentalDuration = inquiry.rentalDuration === 'custom' ? 'Custom Duration' : inquiry.rentalDuration ? `${inquiry.rentalDuration} day(s)` : null;
  const details = lines([
    ['Reference', ref],
    ['Name', inquiry.name],
    ['Email', inquiry.email],
    ['Phone', inquiry.phone],
    ['Subject', inquiry.subject],
    ['Package', inquiry.packageTitle],
    ['Cab', inquiry.carModel],
    ['Bike', inquiry.bikeModel],
    ['Date', inquiry.travelDate ? formatDate(inquiry.travelDate) : null],
    ['Guests', inquiry.guests],
    ['Pickup', inquiry.pickupLocation],
    ['Drop-off', inquiry.dropoffLocation],
    ['Rental duration', rentalDuration],
    ['Bikes', inquiry.type === 'rentals' ? inquiry.bikeCount : null],
    ['Message', inquiry.message],
  ]);
  // Nothing the visitor typed: names from the catalogue, a validated date, choices from lists.
  const acknowledged = lines([
    ['Reference', `#${ref}`],
    ['Package', inquiry.packageTitle],
    ['Cab', inquiry.carModel],
    ['Bike', inquiry.bikeModel],
    ['Date', inquiry.travelDate ? formatDate(inquiry.travelDate) : null],
    ['Guests', inquiry.guests],
    ['Rental duration', rentalDuration],
    ['Bikes', inquiry.type === 'rentals' ? inquiry.bikeCount : null],
  ]);
  return [
    {
      to: operator,
      subject: oneLine(`New ${kind} #${ref} from ${inquiry.name}${inquiry.subject ? `: ${inquiry.subject}` : ''}`),
      text: `A new ${kind} arrived (status: pending).\n\n${details}\n\nOpen the inquiries: ${env().PUBLIC_URL}/admin/inquiries\n`,
    },
    {
      to: inquiry.email,
      kind: 'acknowledgement',
      subject: oneLine(`Thank you for contacting ${company.name} (#${ref})`),
      text: `Hello,\n\nThank you for your ${kind}. We'll review your message and respond within 24 hours.\n\n${acknowledged}\n\nIn a hurry? Call ${formatPhone(company.phone)}.\n\nDid not write to us? Then someone typed your address by mistake; you need not do anything.\n\n${company.name}\n`,
    },
  ];
}

/** A sensitive change of a staff account, for its security notice (docs/decisions/045-security-round-two.md, section 8). */
export type AccountChange = 'password-changed' | 'password-reset' | 'two-factor-on' | 'two-factor-off' | 'role-changed';

const ACCOUNT_CHANGE_TEXT: Record<AccountChange, string> = {
  'password-changed': 'The password was changed',
  'password-reset': 'The password was reset by an admin',
  'two-factor-on': 'Two-factor sign-in was turned on',
  'two-factor-off': 'Two-factor sign-in was turned off',
  'role-changed': 'The role was changed',
};

/**
 * The security notice of a change to the staff account `username`, to `to` (users have no e-mail of
 * their own, so the operator's notification address: docs/decisions/045-security-round-two.md,
 * section 8). Names what changed, who did it, from which address and when (India time); `detail` adds
 * a line (the new role). Never a password, secret or code.
 */
export function accountChangeMail(input: {
  to: string;
  companyName: string;
  username: string;
  change: AccountChange;
  by: string;
  ip: string | null | undefined;
  at: Date;
  detail?: string;
}): OutgoingEmail {
  const what = ACCOUNT_CHANGE_TEXT[input.change];
  const when = input.at.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });
  const details = lines([
    ['Account', input.username],
    ['Change', input.detail ? `${what}: ${input.detail}` : what],
    ['By', input.by],
    ['From IP address', input.ip],
    ['When', `${when} (India time)`],
  ]);
  return {
    to: input.to,
    subject: oneLine(`${input.companyName}: ${what.toLowerCase()} for ${input.username}`),
    text: `A security setting of a back-office account changed.\n\n${details}\n\nIf this was not expected, sign in and check the account at ${env().PUBLIC_URL}/admin/staff, and change its password.\n`,
  };
}
