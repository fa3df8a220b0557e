/**
 * Closed vocabularies of the product (docs/product.md#entities-and-fields,
 * docs/decisions/013-open-points-resolved.md). Shared by the database CHECK constraints, the zod
 * schemas and the UI filters, so a value that one accepts the others accept too.
 */

/**
 * Package categories stored on a tour package. Filter 'popular' is not a category: it means
 * featured (docs/decisions/027-filters-and-search.md).
 */
export const PACKAGE_CATEGORIES = ['adventure', 'cultural', 'rural', 'weekend', 'honeymoon', 'trekking'] as const;
export type PackageCategory = (typeof PACKAGE_CATEGORIES)[number];

/** Values of the /packages filter (docs/product.md#package-list). */
export const PACKAGE_FILTERS = ['all', 'popular', 'adventure', 'cultural', 'rural', 'weekend'] as const;
export type PackageFilter = (typeof PACKAGE_FILTERS)[number];

/**
 * Values of the /bikes filter (docs/product.md#bike-list); 450cc and 350cc match the engine capacity text
 * (docs/decisions/027-filters-and-search.md).
 */
export const BIKE_FILTERS = ['all', 'available', 'unavailable', '450cc', '350cc'] as const;
export type BikeFilter = (typeof BIKE_FILTERS)[number];

export const CAR_CATEGORIES = ['suv', 'sedan', 'hatchback', 'luxury'] as const;
export type CarCategory = (typeof CAR_CATEGORIES)[number];

/** Values of the /cars filter (docs/product.md#car-list). */
export const CAR_FILTERS = ['all', ...CAR_CATEGORIES] as const;
export type CarFilter = (typeof CAR_FILTERS)[number];

export const CAR_LOCATIONS = ['Gangtok', 'Darjeeling', 'Pelling'] as const;
export const TRANSMISSIONS = ['manual', 'automatic'] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];
export const GEAR_TYPES = TRANSMISSIONS;
export const FUEL_TYPES = ['petrol', 'diesel', 'electric', 'hybrid'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

/** Display tags (docs/decisions/006-display-fields.md), stored per package, bike and car. */
export const DISPLAY_TAGS = ['Best Seller', 'Popular', 'New', 'Most Popular', 'Best Value', 'New Arrival'] as const;
export type DisplayTag = (typeof DISPLAY_TAGS)[number];

export const BOOKING_TYPES = ['package', 'bike', 'car'] as const;
export type BookingType = (typeof BOOKING_TYPES)[number];

/**
 * Where a booking came from: the public forms (`website`), or staff entering one they took on the
 * phone, on WhatsApp or at the office (docs/product.md#bookings-and-inquiries).
 */
export const BOOKING_SOURCES = ['website', 'phone', 'whatsapp', 'walk-in'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

/** What staff read for each source. */
export const BOOKING_SOURCE_LABELS: Record<BookingSource, string> = { website: 'Website', phone: 'Phone', whatsapp: 'WhatsApp', 'walk-in': 'Walk-in' };

/** Booking states (docs/product.md#booking-status). */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'rejected', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * The booking state machine (docs/product.md#booking-status): pending → confirmed or rejected;
 * confirmed → rejected (cancelling a confirmation); rejected → confirmed; pending or confirmed →
 * cancelled (the traveller called it off; the refund follows the booking's cancellation policy,
 * docs/decisions/046-payments.md), and cancelled is final. Nothing goes back to pending, and a
 * status never 'changes' to itself.
 */
export const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['confirmed', 'rejected', 'cancelled'],
  confirmed: ['rejected', 'cancelled'],
  rejected: ['confirmed'],
  cancelled: [],
};

/**
 * Inquiry types (docs/decisions/025-two-stores-for-everything-visitors-send.md): the dialog's three tabs plus the
 * contact form.
 */
export const INQUIRY_TYPES = ['packages', 'cabs', 'rentals', 'contact'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

/** Inquiry states (docs/product.md#inquiry-status). */
export const INQUIRY_STATUSES = ['pending', 'completed', 'rejected'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/**
 * The inquiry state machine (docs/product.md#inquiry-status): staff mark an inquiry completed or
 * rejected, may switch between the two, and never set it back to pending.
 */
export const INQUIRY_TRANSITIONS: Record<InquiryStatus, readonly InquiryStatus[]> = {
  pending: ['completed', 'rejected'],
  completed: ['rejected'],
  rejected: ['completed'],
};

/** True when `to` is a legal next status from `from` in `transitions`. */
export function canTransition<S extends string>(transitions: Record<S, readonly S[]>, from: S, to: S): boolean {
  return transitions[from]?.includes(to) ?? false;
}

/** Guest options of the inquiry dialog (docs/product.md#inquiry-dialog). */
export const GUEST_OPTIONS = ['1', '2', '3', '4', '5', '6+'] as const;

/** Rental durations of the inquiry dialog, in days, plus 'custom' (docs/product.md#inquiry-dialog). */
export const RENTAL_DURATIONS = ['1', '2', '3', '4', '5', '6', '7', 'custom'] as const;

/**
 * Staff roles (docs/decisions/004-staff-authentication.md#roles): an `admin` also manages staff
 * accounts (add, reset a password, disable); `staff` does everything else.
 */
export const USER_ROLES = ['admin', 'staff'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * The states of a mail in the outbox (docs/decisions/011-notifications-outbox.md): `held` is an
 * acknowledgement over its cap, stored but never sent (docs/decisions/045-security-round-two.md#4-the-acknowledgement-e-mail-is-no-relay).
 */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'held'] as const;

/**
 * What a mail in the outbox is: `notification` to the office, `acknowledgement` of a visitor's
 * submission to the address they typed (capped), `status` of a booking's change made by staff,
 * `payment`: a payment request, a receipt, a balance reminder or a refund (docs/decisions/046-payments.md).
 */
export const MAIL_KINDS = ['notification', 'acknowledgement', 'status', 'payment'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * The kinds of change the back office's live updates announce (docs/decisions/018-live-updates.md):
 * app/lib/live-events.server.ts publishes them, app/components/admin/live-updates.tsx listens.
 */
export const LIVE_EVENT_TYPES = ['booking.created', 'booking.updated', 'booking.deleted', 'inquiry.created', 'inquiry.updated', 'inquiry.deleted'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** What a payment request or a Pay button asks for: the advance, then the balance (docs/decisions/046-payments.md). */
export const PAYMENT_KINDS = ['advance', 'balance'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * A payment request's life: `open` until paid in full, `paid`, or `cancelled` (superseded by a new
 * request for a different amount, or the booking was cancelled).
 */
export const PAYMENT_REQUEST_STATUSES = ['open', 'paid', 'cancelled'] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];

/**
 * How money moved: online through Razorpay, or recorded by hand by staff (UPI to the office's
 * UPI ID, bank transfer, cash).
 */
export const PAYMENT_METHODS = ['razorpay', 'upi', 'bank_transfer', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const MANUAL_PAYMENT_METHODS = ['upi', 'bank_transfer', 'cash'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { razorpay: 'Online (Razorpay)', upi: 'UPI', bank_transfer: 'Bank transfer', cash: 'Cash' };

/**
 * Entries of the append-only ledger (`payments`): money in (`payment`, positive), money back
 * (`refund`, negative), and a correction of a mistaken entry (`reversal`, the opposite amount of
 * the entry it reverses). Entries are never edited or deleted.
 */
export const LEDGER_ENTRY_TYPES = ['payment', 'refund', 'reversal'] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/** A refund's life: online refunds are `pending` until Razorpay reports them processed or failed; a manual one is `processed` at once. */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_METHODS = ['razorpay', 'upi', 'bank_transfer', 'cash'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** The largest amount the product takes in one figure: ₹1 crore, in paise. */
export const MAX_AMOUNT_PAISE = 1_000_000_000;
