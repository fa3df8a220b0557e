/**
 * The traveller's money mails (docs/decisions/046-payments.md#notifications): the receipt of a
 * payment, and (added with their flows) the payment request, the balance reminder and the refund.
 * Pure builders like app/lib/mail-texts.server.ts: they get the booking, the amounts and the link to
 * the traveller's booking page, and return an OutgoingEmail of kind `payment`.
 */
import type { Booking } from '~/db/schema';
import type { Settings } from '~/schemas/settings';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from './constants';
import { formatDate, formatDateRange } from './format';
import { shortReference } from './ids';
import type { OutgoingEmail } from './mail-texts.server';
import { pageLine } from './mail-texts.server';
import { formatPaise } from './money';
import { formatPhone } from './whatsapp';

type Company = Pick<Settings['company'], 'name' | 'phone' | 'whatsappNumber'>;

/** Where the booking's money stands, as the mails quote it. */
type Standing = { totalPaise: number; paidPaise: number; due: { kind: 'advance' | 'balance'; amountPaise: number; dueOn: string } | null };

/** Reference, item and dates: the lines every money mail starts with. */
export function bookingLines(booking: Pick<Booking, 'id' | 'type' | 'itemName' | 'startDate' | 'endDate'>): string {
  return [
    `Reference: #${shortReference(booking.id)}`,
    `Item: ${booking.itemName}`,
    `${booking.type === 'package' ? 'Travel dates' : 'Dates'}: ${formatDateRange(booking.startDate, booking.endDate)}`,
  ].join('\n');
}

/** The office's phone and WhatsApp, as the mails end. */
export function officeLines(company: Company): string {
  return [company.phone ? `Phone: ${formatPhone(company.phone)}` : null, company.whatsappNumber ? `WhatsApp: ${formatPhone(company.whatsappNumber)}` : null]
    .filter(Boolean)
    .join('\n');
}

/** What is paid and what is still due, in words. */
export function standingLines(standing: Standing): string {
  const lines = [`Paid so far: ${formatPaise(standing.paidPaise)} of ${formatPaise(standing.totalPaise)}`];
  if (standing.due)
    lines.push(`${standing.due.kind === 'advance' ? 'Advance' : 'Balance'} due: ${formatPaise(standing.due.amountPaise)} by ${formatDate(standing.due.dueOn)}`);
  else if (standing.totalPaise > 0 && standing.paidPaise >= standing.totalPaise) lines.push('Nothing more is due.');
  return lines.join('\n');
}

/**
 * The receipt of one payment: amount, method, reference, day, and where the booking's money now
 * stands, with the link to the booking page.
 */
export function paymentReceivedMail(
  booking: Pick<Booking, 'id' | 'type' | 'itemName' | 'startDate' | 'endDate' | 'name' | 'email'>,
  entry: { amountPaise: number; method: string; reference: string; receivedOn: string },
  standing: Standing,
  company: Company,
  pageUrl: string,
): OutgoingEmail {
  const ref = shortReference(booking.id);
  const method = PAYMENT_METHOD_LABELS[entry.method as PaymentMethod] ?? entry.method;
  const receipt = [
    `Amount: ${formatPaise(entry.amountPaise)}`,
    `Paid by: ${method}`,
    entry.reference ? `Reference: ${entry.reference}` : null,
    `Date: ${formatDate(entry.receivedOn)}`,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    to: booking.email,
    kind: 'payment',
    subject: `Payment received for booking #${ref} - ${company.name}`,
    text: `Hello ${booking.name},\n\nThank you: we have received your payment.\n\n${receipt}\n\n${bookingLines(booking)}\n\n${standingLines(standing)}\n\n${pageLine(pageUrl)}Questions? Reply to this e-mail or contact our office:\n${officeLines(company)}\n\n${company.name}\n`,
  };
}
