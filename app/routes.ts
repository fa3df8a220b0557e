/**
 * The route table, written out by hand so it reads like the product's route list
 * (docs/product.md, "Routes") and the JSON API (docs/decisions/009-rest-api.md).
 *
 * Every /admin route except login calls `requireAdmin` in its loader and action, and every admin API
 * method does too; tests/integration/admin-guard.test.ts walks this table and fails on one that does not.
 */
import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('dialog-options.json', 'routes/dialog-options.ts'),
  // A bike's or car's confirmed days for its booking dialog (docs/decisions/048-trip-operations.md).
  route('booked-dates.json', 'routes/booked-dates.ts'),
  // The traveller's own booking page: outside the site layout, sent without scripts
  // (docs/decisions/046-payments.md#the-travellers-booking-page).
  route('booking/:token', 'routes/site/traveller-booking.tsx'),

  // The traveller's booking page, /booking/:token, is registered with the site's pages; its Pay
  // button and the return from Razorpay are resource routes (docs/decisions/046-payments.md#razorpay).
  route('booking/:token/pay', 'routes/booking/pay.ts'),
  route('booking/:token/return', 'routes/booking/return.ts'),
  // Its receipts, tax invoice and credit notes as PDFs (docs/decisions/047-invoices-gst.md#downloads).
  route('booking/:token/documents/:documentId', 'routes/booking/document.ts'),
  // The travel voucher of a confirmed booking, a PDF (docs/decisions/051-voucher.md).
  route('booking/:token/voucher', 'routes/booking/voucher.ts'),
  // Its travellers' identity documents, for the holder of the link only (docs/decisions/050-permits-and-manifests.md).
  route('booking/:token/travellers/:travellerId/:kind', 'routes/booking/traveller-document.ts'),

  // Every WhatsApp link of the public site: counts the click, then 302 to wa.me
  // (docs/decisions/049-whatsapp-leads.md).
  route('go/whatsapp', 'routes/go/whatsapp.ts'),

  // A bike's or car's calendar feed for staff phones, behind a secret address
  // (docs/decisions/048-trip-operations.md#ical-feed-per-vehicle).
  route('calendars/:type/:id/:file', 'routes/calendars/vehicle.ts'),

  layout('routes/site/layout.tsx', [
    index('routes/site/home.tsx'),
    route('about', 'routes/site/about.tsx'),
    route('packages', 'routes/site/packages.tsx'),
    route('packages/:id', 'routes/site/package.tsx'),
    route('cars', 'routes/site/cars.tsx'),
    route('cars/:id', 'routes/site/car.tsx'),
    route('cars/:id/book', 'routes/site/vehicle-booking.tsx', { id: 'routes/site/car-booking' }),
    route('bikes', 'routes/site/bikes.tsx'),
    route('bikes/:id', 'routes/site/bike.tsx'),
    route('bikes/:id/book', 'routes/site/vehicle-booking.tsx', { id: 'routes/site/bike-booking' }),
    route('rural-tourism', 'routes/site/rural-tourism.tsx'),
    route('gallery', 'routes/site/gallery.tsx'),
    route('testimonials', 'routes/site/testimonials.tsx'),
    route('contact', 'routes/site/contact.tsx'),
    route('booking', 'routes/site/booking.tsx'),
    route('inquire', 'routes/site/inquire.tsx'),
    route('*', 'routes/site/not-found.tsx'),
  ]),

  route('admin/login', 'routes/admin/login.tsx'),
  route('admin/logout', 'routes/admin/logout.ts'),
  route('admin/events', 'routes/admin/events.ts'),
  // The accounts page's two CSV downloads: resource routes, outside the admin layout like the live stream.
  route('admin/accounts/documents.csv', 'routes/admin/accounts/documents-csv.ts'),
  route('admin/accounts/summary.csv', 'routes/admin/accounts/summary-csv.ts'),
  // The permit manifest's downloads (both roles; docs/decisions/050-permits-and-manifests.md#the-manifest).
  route('admin/manifest.csv', 'routes/admin/manifest/csv.ts'),
  route('admin/manifest.pdf', 'routes/admin/manifest/pdf.ts'),
  route('admin/manifest.zip', 'routes/admin/manifest/zip.ts'),
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('packages', 'routes/admin/packages/list.tsx'),
    route('packages/new', 'routes/admin/packages/new.tsx'),
    route('packages/edit/:id', 'routes/admin/packages/edit.tsx'),
    route('bikes', 'routes/admin/bikes/list.tsx'),
    route('bikes/new', 'routes/admin/bikes/new.tsx'),
    route('bikes/edit/:id', 'routes/admin/bikes/edit.tsx'),
    route('cars', 'routes/admin/cars/list.tsx'),
    route('cars/new', 'routes/admin/cars/new.tsx'),
    route('cars/edit/:id', 'routes/admin/cars/edit.tsx'),
    // Running the trips (docs/decisions/048-trip-operations.md): drivers and the day's duty sheet.
    route('drivers', 'routes/admin/drivers/list.tsx'),
    route('drivers/new', 'routes/admin/drivers/new.tsx'),
    route('drivers/edit/:id', 'routes/admin/drivers/edit.tsx'),
    route('duty', 'routes/admin/duty.tsx'),
    // The page's module is not named manifest-*: React Router's own build manifest is found by that name.
    route('manifest', 'routes/admin/permit-manifest.tsx'),
    route('calendar', 'routes/admin/calendar.tsx'),
    route('bookings', 'routes/admin/bookings/list.tsx'),
    route('bookings/new', 'routes/admin/bookings/new.tsx'),
    route('bookings/:id', 'routes/admin/bookings/detail.tsx'),
    route('bookings/:id/edit', 'routes/admin/bookings/edit.tsx'),
    route('bookings/:id/documents/:documentId', 'routes/admin/bookings/document.ts'),
    route('bookings/:id/voucher', 'routes/admin/bookings/voucher.ts'),
    // Identity documents, private to staff (docs/decisions/050-permits-and-manifests.md).
    route('bookings/:id/travellers/:travellerId/:kind', 'routes/admin/bookings/traveller-document.ts'),
    route('bookings/:id/permit-scan', 'routes/admin/bookings/permit-scan.ts'),
    route('inquiries', 'routes/admin/inquiries/list.tsx'),
    route('location', 'routes/admin/location.tsx'),
    route('settings', 'routes/admin/settings.tsx'),
    route('outbox', 'routes/admin/outbox.tsx'),
    route('payments/events', 'routes/admin/payments-events.tsx'),
    // The month's GST documents and money (admin role; docs/decisions/047-invoices-gst.md#the-months-summary).
    route('accounts', 'routes/admin/accounts.tsx'),
    route('audit', 'routes/admin/audit.tsx'),
    route('profile', 'routes/admin/profile.tsx'),
    route('staff', 'routes/admin/staff.tsx'),
    route('*', 'routes/admin/not-found.tsx'),
  ]),

  ...prefix('api', [
    route('auth/login', 'routes/api/auth.login.ts'),
    route('auth/logout', 'routes/api/auth.logout.ts'),
    route('uploads', 'routes/api/uploads.ts'),
    route('packages', 'routes/api/packages.ts'),
    route('packages/:id', 'routes/api/package.ts'),
    route('bikes', 'routes/api/bikes.ts'),
    route('bikes/:id', 'routes/api/bike.ts'),
    route('cars', 'routes/api/cars.ts'),
    route('cars/:id', 'routes/api/car.ts'),
    route('inquiries', 'routes/api/inquiries.ts'),
    route('inquiries/export', 'routes/api/inquiries.export.ts'),
    route('inquiries/:id', 'routes/api/inquiry.ts'),
    route('bookings', 'routes/api/bookings.ts'),
    route('bookings/export', 'routes/api/bookings.export.ts'),
    route('bookings/:id', 'routes/api/booking.ts'),
    route('bookings/:id/quote', 'routes/api/booking.quote.ts'),
    route('bookings/:id/payments', 'routes/api/booking.payments.ts'),
    route('bookings/:id/travellers', 'routes/api/booking.travellers.ts'),
    route('bookings/:id/refunds', 'routes/api/booking.refunds.ts'),
    route('bookings/:id/invoice', 'routes/api/booking.invoice.ts'),
    route('bookings/:id/invoice-details', 'routes/api/booking.invoice-details.ts'),
    route('bookings/:id/credit-notes', 'routes/api/booking.credit-notes.ts'),
    route('documents', 'routes/api/documents.ts'),
    route('documents/:id', 'routes/api/document.ts'),
    route('documents/:id/pdf', 'routes/api/document.pdf.ts'),
    route('settings', 'routes/api/settings.ts'),
    route('openapi.json', 'routes/api/openapi.ts'),
    route('*', 'routes/api/not-found.ts'),
  ]),
] satisfies RouteConfig;
