/**
 * Site settings (docs/decisions/005-site-settings.md): one zod schema per key, used when a value
 * is read from the database, when the admin saves it, and by the API. Defaults are the seeded values.
 */
import { z } from 'zod';
import { parseMapEmbed } from '~/lib/map-embed';

export { ALLOWED_MAP_HOSTS, parseMapEmbed } from '~/lib/map-embed';

const trimmed = (max: number) => z.string().trim().max(max);
const isoDate = z.iso.date();

/** Company identity and contact details shown in the header, footer, contact page and e-mails. */
export const companySettingsSchema = z.object({
  name: trimmed(120).min(1),
  tagline: trimmed(200),
  phone: trimmed(40).min(1),
  email: z.email().max(200),
  /** Digits with country code, as wa.me wants them (spaces and + are ignored). */
  whatsappNumber: z.string().trim().regex(/^\+?[0-9 ]{8,20}$/, 'Use digits with the country code'),
  address: trimmed(300).min(1),
  officeHours: z
    .array(z.object({ days: trimmed(60).min(1), hours: trimmed(60).min(1) }))
    .min(1)
    .max(7),
  registrationNumber: trimmed(80),
});

/** Rating texts of the hero and trust badges (docs/decisions/005-site-settings.md). */
export const ratingSettingsSchema = z.object({
  rating: trimmed(10).min(1),
  reviewsText: trimmed(40).min(1),
  travelersText: trimmed(80).min(1),
});

/**
 * Home video: a YouTube link or an mp4 URL; empty hides the section
 * (docs/decisions/010-maps-video-images.md#video).
 */
export const videoSettingsSchema = z.object({
  url: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]),
});

const relativeOrAbsoluteLink = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\//.test(v), 'Use a path like /packages or an http(s) URL');

export const announcementSettingsSchema = z.object({
  enabled: z.boolean(),
  text: trimmed(200),
  link: relativeOrAbsoluteLink,
});

export const promoSettingsSchema = z.object({
  enabled: z.boolean(),
  text: trimmed(200),
  link: relativeOrAbsoluteLink,
  /** Last day the banner shows (Asia/Kolkata), or '' for no end. */
  endsOn: z.union([z.literal(''), isoDate]),
});

/**
 * Payment, cancellation and rental terms: one text, shown everywhere
 * (docs/decisions/007-one-policy-text.md).
 */
export const policySettingsSchema = z.object({
  payment: z.array(trimmed(300).min(1)).min(1).max(10),
  cancellation: z.array(trimmed(300).min(1)).min(1).max(10),
  requirements: z.array(trimmed(300).min(1)).max(10),
  bikeTerms: z.array(trimmed(300).min(1)).min(1).max(12),
  carTerms: z.array(trimmed(300).min(1)).min(1).max(12),
});

/** Office location for the Find Us maps (docs/product.md#map-settings-form). */
export const mapSettingsSchema = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
  zoom: z.coerce.number().int().min(1).max(20),
  title: trimmed(120),
  address: trimmed(300),
  embedCode: z
    .string()
    .max(2000)
    .superRefine((code, ctx) => {
      if (code.trim() === '') return;
      const result = parseMapEmbed(code);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: result.error });
    }),
});

export const recentBookingToastSettingsSchema = z.object({ enabled: z.boolean() });

/**
 * Where the operator's notification e-mails go (docs/decisions/011-notifications-outbox.md); ''
 * means the company e-mail.
 */
export const notificationSettingsSchema = z.object({
  email: z.union([z.literal(''), z.email().max(200)]),
});

/** Every settings key and the schema that checks its value. */
export const settingsSchemas = {
  company: companySettingsSchema,
  ratings: ratingSettingsSchema,
  video: videoSettingsSchema,
  announcement: announcementSettingsSchema,
  promo: promoSettingsSchema,
  policies: policySettingsSchema,
  map: mapSettingsSchema,
  recentBookingToast: recentBookingToastSettingsSchema,
  notifications: notificationSettingsSchema,
} as const;

export type SettingsKey = keyof typeof settingsSchemas;
export type Settings = { [K in SettingsKey]: z.infer<(typeof settingsSchemas)[K]> };

/** The seeded values (placeholders, policies and map defaults: docs/decisions/005-site-settings.md). */
export const defaultSettings: Settings = {
  company: {
    name: 'Himalayan Tours & Travels',
    tagline: 'Local experts for Sikkim & Darjeeling since 2012',
    phone: '+91 00000 00000',
    email: 'hello@example.com',
    whatsappNumber: '+91 00000 00000',
    address: 'Tibet Road, near MG Marg, Gangtok, Sikkim 737101, India',
    officeHours: [
      { days: 'Mon-Sat', hours: '9:00-18:00 IST' },
      { days: 'Sunday', hours: '10:00-14:00 IST' },
    ],
    registrationNumber: 'SKM/TD/TA/0000 (placeholder)',
  },
  ratings: { rating: '4.9', reviewsText: '125+ reviews', travelersText: 'Rated by 100+ travelers' },
  video: { url: '' },
  announcement: {
    enabled: true,
    text: 'North Sikkim permits for the spring season are open: book Yumthang and Gurudongmar early.',
    link: '/packages',
  },
  promo: {
    enabled: true,
    text: 'Limited-time offer: 15% off on all Summer 2025 bookings',
    link: '/packages',
    endsOn: '2027-06-30',
  },
  policies: {
    payment: [
      '50% advance to confirm the booking.',
      'Balance payable 15 days before the travel date.',
    ],
    cancellation: [
      'Cancelled 15 or more days before travel: 25% of the amount paid is refunded.',
      'Cancelled within 15 days of travel: non-refundable.',
    ],
    requirements: [
      'A government photo ID for every traveller (passport for foreign nationals).',
      'Two passport-size photographs per traveller for protected-area permits.',
    ],
    bikeTerms: [
      'Valid driving licence, ID proof and a refundable security deposit are required.',
      'Free cancellation up to 24 hours before pickup; 50% refund within 24 hours.',
      'Full-tank fuel policy: collect full, return full.',
      'Delivery to your hotel is possible and may cost extra.',
      'Helmet is complimentary.',
    ],
    carTerms: [
      'Valid driving licence and ID proof are required for self-drive; a security deposit applies.',
      'Free cancellation up to 24 hours before pickup; 50% refund within 24 hours.',
      'Full-tank fuel policy: collect full, return full.',
      'A driver is available and carries additional charges.',
    ],
  },
  map: {
    latitude: 27.3187,
    longitude: 88.5963,
    zoom: 15,
    title: 'Our Gangtok office',
    address: 'Tibet Road, near MG Marg, Gangtok, Sikkim 737101, India',
    embedCode: '',
  },
  recentBookingToast: { enabled: true },
  notifications: { email: '' },
};
