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
  receiptNumber: string | null = null,
): OutgoingEmail {
  const ref = shortReference(booking.id);
  const method = PAYMENT_METHOD_LABELS[entry.method as PaymentMethod] ?? entry.method;
  const receipt = [
    receiptNumber ? `Receipt: ${receiptNumber} (download it from your booking page)` : null,
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

/** What a payment request asks for: the advance or the balance, how much, by when. */
type Requested = { kind: 'advance' | 'balance'; amountPaise: number; dueOn: string };

/**
 * The payment request (docs/decisions/046-payments.md#notifications): which part is asked for (the
 * advance or the balance), the amount (paise, shown as '₹10,500.00') and the day it is due, where
 * the booking's money stands, and the link to the booking page, where the traveller pays or sees
 * the office's UPI and bank details.
 */
export function paymentRequestMail(
  booking: Pick<Booking, 'id' | 'type' | 'itemName' | 'startDate' | 'endDate' | 'name' | 'email'>,
  request: Requested,
  standing: Standing,
  company: Company,
  pageUrl: string,
): OutgoingEmail {
  const ref = shortReference(booking.id);
  const what = request.kind === 'advance' ? 'advance' : 'balance';
  const ask = `Please pay the ${what} of ${formatPaise(request.amountPaise)} by ${formatDate(request.dueOn)}.`;
  const why = request.kind === 'advance' ? 'Your booking is confirmed once the advance is in.' : 'The balance completes the payment for your booking.';
  return {
    to: booking.email,
    kind: 'payment',
    subject: `Payment request for booking #${ref}: ${formatPaise(request.amountPaise)} - ${company.name}`,
    text: `Hello ${booking.name},\n\n${ask} ${why}\n\nPay online or see our UPI and bank details on your booking page:\n${pageUrl}\n\n${bookingLines(booking)}\n\n${standingLines(standing)}\n\nQuestions? Reply to this e-mail or contact our office:\n${officeLines(company)}\n\n${company.name}\n`,
  };
}

/**
 * The text staff send on WhatsApp with a payment request (wa.me link, docs/product.md#whatsapp-hand-off):
 * the booking reference, the amount and due day, and the booking page link.
 */
export function paymentRequestWhatsappText(booking: Pick<Booking, 'id' | 'name'>, request: Requested, company: Pick<Company, 'name'>, pageUrl: string): string {
  const what = request.kind === 'advance' ? 'advance' : 'balance';
  return `Hello ${booking.name}, this is ${company.name}. For your booking #${shortReference(booking.id)}, please pay the ${what} of ${formatPaise(request.amountPaise)} by ${formatDate(request.dueOn)}. Pay or see the details here: ${pageUrl}`;
}

/**
 * The balance reminder (docs/decisions/046-payments.md#notifications): the balance still to pay
 * (paise), the day it is due, where the booking's money stands and the link to the booking page,
 * where the traveller can pay. `when` says which reminder: a week before the due day, or on it.
 */
export function balanceReminderMail(
  booking: Pick<Booking, 'id' | 'type' | 'itemName' | 'startDate' | 'endDate' | 'name' | 'email'>,
  balance: { amountPaise: number; dueOn: string; when: '7d' | '0d' },
  standing: Pick<Standing, 'totalPaise' | 'paidPaise'>,
  company: Company,
  pageUrl: string,
): OutgoingEmail {
  const ref = shortReference(booking.id);
  const amount = formatPaise(balance.amountPaise);
  const day = formatDate(balance.dueOn);
  const opening =
    balance.when === '0d'
      ? `A reminder: the balance of ${amount} for your booking is due today, ${day}.`
      : `A reminder: the balance of ${amount} for your booking is due on ${day}, in a week.`;
  const lines = standingLines({ ...standing, due: { kind: 'balance', amountPaise: balance.amountPaise, dueOn: balance.dueOn } });
  return {
    to: booking.email,
    kind: 'payment',
    subject: `${balance.when === '0d' ? 'Balance due today' : 'Balance due in a week'} for booking #${ref} - ${company.name}`,
    text: `Hello ${booking.name},\n\n${opening}\n\n${bookingLines(booking)}\n\n${lines}\n\n${pageLine(pageUrl)}Already paid? Please ignore this reminder; it can take a day for a bank transfer to reach us.\n\nQuestions? Reply to this e-mail or contact our office:\n${officeLines(company)}\n\n${company.name}\n`,
  };
}

/**
 * The traveller's mail when a refund has been made (docs/decisions/046-payments.md#notifications):
 * the amount, how it was returned (online to the card or account paid from, or UPI, bank transfer,
 * cash) with its reference and day, where the booking's money now stands, and the link to the
 * booking page. Queued in the transaction that marks the refund processed (`markRefundProcessed`).
 * Razorpay returns money to the method it came from and banks take working days to show it
 * (razorpay.com/docs/payments/refunds/normal), so an online refund's mail says so without a figure.
 */
export function refundMadeMail(
  booking: Pick<Booking, 'id' | 'type' | 'itemName' | 'startDate' | 'endDate' | 'name' | 'email'>,
  refund: { amountPaise: number; method: string; reference: string; processedOn: string },
  standing: { paidPaise: number; refundedPaise: number },
  company: Company,
  pageUrl: string,
  creditNoteNumber: string | null = null,
): OutgoingEmail {
  const ref = shortReference(booking.id);
  const how =
    refund.method === 'razorpay'
      ? 'Online, to the card, UPI or account you paid from (your bank may take several working days to show it)'
      : (PAYMENT_METHOD_LABELS[refund.method as PaymentMethod] ?? refund.method);
  const details = [
    `Amount refunded: ${formatPaise(refund.amountPaise)}`,
    `Refunded by: ${how}`,
    refund.reference ? `Reference: ${refund.reference}` : null,
    `Date: ${formatDate(refund.processedOn)}`,
    creditNoteNumber ? `Credit note: ${creditNoteNumber} (download it from your booking page)` : null,
  ]
    .filter(Boolean)
    .join('\n');
  const standingText = [`Refunded in all: ${formatPaise(standing.refundedPaise)}`, `Kept for the booking: ${formatPaise(standing.paidPaise)}`].join('\n');
  return {
    to: booking.email,
    kind: 'payment',
    subject: `Refund made for booking #${ref} - ${company.name}`,
    text: `Hello ${booking.name},\n\nWe have made a refund for your booking.\n\n${details}\n\n${bookingLines(booking)}\n\n${standingText}\n\n${pageLine(pageUrl)}Questions? Reply to this e-mail or contact our office:\n${officeLines(company)}\n\n${company.name}\n`,
  };
}
