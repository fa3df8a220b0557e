/**
 * The route table, written out by hand so it reads like spec section 2 (public and admin routes)
 * and decision D7 (JSON API).
 */
import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';

/** Admin pages not built yet share one placeholder module (each with its own route id). */
const adminPlaceholder = (path: string, id: string) => route(path, 'routes/admin/placeholder.tsx', { id });

export default [
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),

  layout('routes/site/layout.tsx', [
    index('routes/site/home.tsx'),
    route('about', 'routes/site/about.tsx'),
    route('packages', 'routes/site/packages.tsx'),
    route('packages/:id', 'routes/site/package.tsx'),
    route('cars', 'routes/site/cars.tsx'),
    route('cars/:id', 'routes/site/car.tsx'),
    route('bikes', 'routes/site/bikes.tsx'),
    route('bikes/:id', 'routes/site/bike.tsx'),
    route('rural-tourism', 'routes/site/rural-tourism.tsx'),
    route('gallery', 'routes/site/gallery.tsx'),
    route('testimonials', 'routes/site/testimonials.tsx'),
    route('contact', 'routes/site/contact.tsx'),
    route('booking', 'routes/site/booking.tsx'),
    route('*', 'routes/site/not-found.tsx'),
  ]),

  route('admin/login', 'routes/admin/login.tsx'),
  route('admin', 'routes/admin/layout.tsx', [
    adminPlaceholder('', 'admin-dashboard'),
    adminPlaceholder('packages', 'admin-packages'),
    adminPlaceholder('packages/new', 'admin-packages-new'),
    adminPlaceholder('packages/edit/:id', 'admin-packages-edit'),
    adminPlaceholder('bikes', 'admin-bikes'),
    adminPlaceholder('bikes/new', 'admin-bikes-new'),
    adminPlaceholder('bikes/edit/:id', 'admin-bikes-edit'),
    adminPlaceholder('cars', 'admin-cars'),
    adminPlaceholder('cars/new', 'admin-cars-new'),
    adminPlaceholder('cars/edit/:id', 'admin-cars-edit'),
    adminPlaceholder('bookings', 'admin-bookings'),
    adminPlaceholder('bookings/:id', 'admin-booking'),
    adminPlaceholder('inquiries', 'admin-inquiries'),
    adminPlaceholder('location', 'admin-location'),
    adminPlaceholder('settings', 'admin-settings'),
    adminPlaceholder('profile', 'admin-profile'),
  ]),

  ...prefix('api', [
    route('packages', 'routes/api/packages.ts'),
    route('packages/:id', 'routes/api/package.ts'),
    route('bikes', 'routes/api/bikes.ts'),
    route('bikes/:id', 'routes/api/bike.ts'),
    route('cars', 'routes/api/cars.ts'),
    route('cars/:id', 'routes/api/car.ts'),
    route('inquiries', 'routes/api/inquiries.ts'),
    route('bookings', 'routes/api/bookings.ts'),
    route('openapi.json', 'routes/api/openapi.ts'),
    route('*', 'routes/api/not-found.ts'),
  ]),
] satisfies RouteConfig;
