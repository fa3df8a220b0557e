/**
 * The dialogs behind `useSiteDialogs()` (docs/product.md#forms-and-validation,
 * docs/decisions/003-visitor-submissions-stored.md): the inquiry dialog with its three tabs, the
 * global booking dialog and the bike/car booking form. Loaded on demand by site-dialogs.tsx. Every
 * form validates with the shared zod schema (Conform) and POSTs to the public API, which validates
 * again and stores the record before success is shown.
 */
// Each dialog lives in its own file; this module stays the one entry site-dialogs.tsx imports lazily.
export { BookingDialog } from './booking-dialog';
export { InquiryDialog } from './inquiry-dialog';
export { VehicleBookingDialog } from './vehicle-booking-dialog';
