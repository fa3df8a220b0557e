/**
 * The database schema: every entity of docs/product.md#entities-and-fields, as amended by
 * docs/decisions/.
 * One Drizzle `pg-core` schema, run unchanged on embedded PGlite and on PostgreSQL.
 *
 * Conventions: UUID primary keys (docs/decisions/008-money-dates-ids.md#ids); money in rupees as
 * numeric(12,2) read as numbers; calendar dates as `date` (ISO 'YYYY-MM-DD' strings); instants as
 * timestamptz; closed vocabularies enforced with CHECK constraints from `~/lib/constants`.
 */
import { relations, sql, type SQL } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  BOOKING_STATUSES,
  BOOKING_SOURCES,
  BOOKING_TYPES,
  CAR_CATEGORIES,
  DISPLAY_TAGS,
  FUEL_TYPES,
  GEAR_TYPES,
  INQUIRY_STATUSES,
  INQUIRY_TYPES,
  LEDGER_ENTRY_TYPES,
  MAIL_KINDS,
  MAX_AMOUNT_PAISE,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_REQUEST_STATUSES,
  REFUND_METHODS,
  REFUND_STATUSES,
  OUTBOX_STATUSES,
  PACKAGE_CATEGORIES,
  TRANSMISSIONS,
  USER_ROLES,
} from '../lib/constants';
import type { CancellationPolicy } from '../lib/cancellation-policy';
import { DOCUMENT_KINDS } from '../lib/gst/document-number';
import { GENDERS, PERMIT_STATUSES } from '../lib/permits/constants';
import { LEAD_CODE_ALPHABET, LEAD_CODE_LENGTH, WHATSAPP_ITEM_TYPES } from '../lib/whatsapp-leads';

/** `column IN ('a', 'b')` for a CHECK constraint; values are our own constants, quoted here. */
function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/**
 * Display fields (docs/decisions/006-display-fields.md), stored per package, bike and car and
 * edited by the admin.
 */
const displayFields = () => ({
  rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
  reviewCount: integer('review_count').notNull().default(0),
  tag: text('tag'),
  featured: boolean('featured').notNull().default(false),
  discountLabel: text('discount_label'),
});

/**
 * The staff pipeline of a booking or an inquiry (docs/decisions/016-request-pipeline.md): who it
 * is assigned to and the day to follow it up (Asia/Kolkata calendar date). Notes are rows of `notes`.
 */
const pipelineFields = () => ({
  assignedTo: uuid('assigned_to').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  followUpOn: date('follow_up_on'),
});

/** One day of a package itinerary (docs/product.md#entities-and-fields). */
export type ItineraryDay = {
  day: number;
  title: string;
  description: string;
  activities: string[];
  meals: string;
  stay: string;
  /** The permit area visited that day (settings `permits.types` id), if any (docs/decisions/050-permits-and-manifests.md#closed-days). */
  permitId?: string;
};

/** One stay of a package's accommodation plan (docs/product.md#admin-package-form). */
export type AccommodationStay = {
  location: string;
  hotel: string;
  nights: number;
  category: string;
  rooms: number;
};

export type BikeSpecifications = {
  weight: string;
  fuelCapacity: string;
  seatHeight: string;
  groundClearance: string;
};

export type CarSpecifications = {
  mileage: string;
  fuelCapacity: string;
  bootSpace: string;
  engineSize: string;
};

export const tourPackages = pgTable(
  'tour_packages',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    overview: text('overview').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    duration: text('duration').notNull().default(''),
    /** Rupees; 0 means 'Contact for Price' (docs/decisions/008-money-dates-ids.md#money). */
    price: money('price').notNull().default(0),
    location: text('location').notNull().default(''),
    category: text('category').notNull().default('adventure'),
    people: text('people').notNull().default('2-12 People'),
    highlights: textList('highlights'),
    itinerary: jsonb('itinerary').$type<ItineraryDay[]>().notNull().default([]),
    inclusions: textList('inclusions'),
    exclusions: textList('exclusions'),
    gallery: textList('gallery'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    maxPersons: integer('max_persons'),
    registrationNumber: text('registration_number'),
    termsAndConditions: textList('terms_and_conditions'),
    accommodation: jsonb('accommodation').$type<AccommodationStay[]>().notNull().default([]),
    vehicleType: text('vehicle_type'),
    locations: textList('locations'),
    /**
     * The permits this package needs (ids from the `permits` setting, e.g. 'north-sikkim-pap'); empty
     * for none (docs/decisions/050-permits-and-manifests.md).
     */
    permitIds: textList('permit_ids'),
    /** How many days before travel the travellers' documents are due for the permit. */
    permitDocumentsDaysBefore: integer('permit_documents_days_before').notNull().default(10),
    ...displayFields(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('tour_packages_permit_days_before', sql`${t.permitDocumentsDaysBefore} between 1 and 90`),
    check('tour_packages_title_not_blank', sql`length(trim(${t.title})) > 0`),
    check('tour_packages_price_not_negative', sql`${t.price} >= 0`),
    check('tour_packages_category', oneOf(t.category, PACKAGE_CATEGORIES)),
    check('tour_packages_tag', sql`${t.tag} is null or ${oneOf(t.tag, DISPLAY_TAGS)}`),
    check('tour_packages_rating', sql`${t.rating} between 0 and 5`),
    check('tour_packages_review_count', sql`${t.reviewCount} >= 0`),
    check('tour_packages_max_persons', sql`${t.maxPersons} is null or ${t.maxPersons} > 0`),
    check('tour_packages_dates', sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`),
    index('tour_packages_category_idx').on(t.category),
    index('tour_packages_featured_idx').on(t.featured),
    index('tour_packages_created_at_idx').on(t.createdAt),
  ],
);

export const bikes = pgTable(
  'bikes',
  {
    id: id(),
    model: text('model').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    /** Rupees per day; null means 'Contact for price' (docs/decisions/008-money-dates-ids.md#money). */
    dailyRate: money('daily_rate'),
    engineCapacity: text('engine_capacity').notNull().default(''),
    maxSpeed: text('max_speed').notNull().default(''),
    available: boolean('available').notNull().default(true),
    /** Comma-separated, as the spec stores it. */
    features: text('features').notNull().default(''),
    category: text('category').notNull().default(''),
    gearType: text('gear_type').notNull().default('manual'),
    gallery: textList('gallery'),
    specifications: jsonb('specifications')
      .$type<BikeSpecifications>()
      .notNull()
      .default({ weight: '', fuelCapacity: '', seatHeight: '', groundClearance: '' }),
    ...displayFields(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bikes_model_not_blank', sql`length(trim(${t.model})) > 0`),
    check('bikes_daily_rate_not_negative', sql`${t.dailyRate} is null or ${t.dailyRate} >= 0`),
    check('bikes_gear_type', oneOf(t.gearType, GEAR_TYPES)),
    check('bikes_tag', sql`${t.tag} is null or ${oneOf(t.tag, DISPLAY_TAGS)}`),
    check('bikes_rating', sql`${t.rating} between 0 and 5`),
    check('bikes_review_count', sql`${t.reviewCount} >= 0`),
    index('bikes_available_idx').on(t.available),
    index('bikes_created_at_idx').on(t.createdAt),
  ],
);

export const cars = pgTable(
  'cars',
  {
    id: id(),
    model: text('model').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    /** Rupees per day; null means contact for price (docs/decisions/008-money-dates-ids.md#money). */
    dailyRate: money('daily_rate'),
    capacity: text('capacity').notNull().default('4 Seater'),
    available: boolean('available').notNull().default(true),
    /** Comma-separated, as the spec stores it. */
    features: text('features').notNull().default(''),
    category: text('category').notNull().default('suv'),
    location: text('location').notNull().default('Gangtok'),
    transmission: text('transmission').notNull().default('manual'),
    ac: boolean('ac').notNull().default(true),
    fuelType: text('fuel_type').notNull().default('petrol'),
    /** The number plate, e.g. 'SK 01 P 1234'; shown to the traveller with the driver (docs/decisions/048-trip-operations.md). */
    registrationNumber: text('registration_number').notNull().default(''),
    gallery: textList('gallery'),
    specifications: jsonb('specifications').$type<CarSpecifications>().notNull().default({ mileage: '', fuelCapacity: '', bootSpace: '', engineSize: '' }),
    ...displayFields(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('cars_model_not_blank', sql`length(trim(${t.model})) > 0`),
    check('cars_daily_rate_not_negative', sql`${t.dailyRate} is null or ${t.dailyRate} >= 0`),
    check('cars_category', oneOf(t.category, CAR_CATEGORIES)),
    check('cars_transmission', oneOf(t.transmission, TRANSMISSIONS)),
    check('cars_fuel_type', oneOf(t.fuelType, FUEL_TYPES)),
    check('cars_tag', sql`${t.tag} is null or ${oneOf(t.tag, DISPLAY_TAGS)}`),
    check('cars_rating', sql`${t.rating} between 0 and 5`),
    check('cars_review_count', sql`${t.reviewCount} >= 0`),
    index('cars_category_idx').on(t.category),
    index('cars_created_at_idx').on(t.createdAt),
  ],
);

/**
 * One click on a WhatsApp link of the public site (docs/decisions/049-whatsapp-leads.md): the short
 * code put into the prefilled text, the page, the item asked about and the page's UTM tags.
 * Nothing personal: no IP, no user agent, no cookie, no phone number (the chat itself stays in
 * WhatsApp). The item's id is kept without a foreign key, so the count survives the item's deletion;
 * its name at click time is kept beside it. Bookings and inquiries that staff link to a lead point at
 * it with `whatsapp_lead_id`.
 */
export const whatsappLeads = pgTable(
  'whatsapp_leads',
  {
    id: id(),
    /** 'WA-7K3MQ': unique, letters and digits that are not mistaken for one another. */
    code: text('code').notNull(),
    createdAt: createdAt(),
    /** The path of the page the link was on ('/packages/…'), never a query. */
    pagePath: text('page_path').notNull(),
    /** 'package', 'bike' or 'car'; null for a link without an item (the chat bubble). */
    itemType: text('item_type'),
    itemId: uuid('item_id'),
    itemName: text('item_name'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
  },
  (t) => [
    uniqueIndex('whatsapp_leads_code_idx').on(t.code),
    check('whatsapp_leads_code', sql`${t.code} ~ ${sql.raw(`'^WA-[${LEAD_CODE_ALPHABET}]{${LEAD_CODE_LENGTH}}$'`)}`),
    check('whatsapp_leads_item_type', sql`${t.itemType} is null or ${oneOf(t.itemType, WHATSAPP_ITEM_TYPES)}`),
    check('whatsapp_leads_item', sql`(${t.itemType} is null) = (${t.itemId} is null)`),
    index('whatsapp_leads_created_at_idx').on(t.createdAt),
    index('whatsapp_leads_item_idx').on(t.itemType, t.itemId),
  ],
);

/**
 * Every "book" request (docs/decisions/025-two-stores-for-everything-visitors-send.md): a package booking (also Book
 * Your Tour, with adults and children), a bike or a car booking. The item reference is nulled when
 * the item is deleted; the booking keeps the item's name
 * (docs/decisions/031-deleting-what-bookings-point-to.md).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    type: text('type').notNull(),
    packageId: uuid('package_id').references(() => tourPackages.id, { onDelete: 'set null' }),
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    /** Package title, bike model or car model at booking time; 'Custom tour' without a package. */
    itemName: text('item_name').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** Travel date, preferred date or rental start date. */
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    adults: integer('adults'),
    children: integer('children'),
    needHelmet: boolean('need_helmet'),
    needDriver: boolean('need_driver'),
    message: text('message').notNull().default(''),
    status: text('status').notNull().default('pending'),
    /** Where the booking came from (BOOKING_SOURCES): the public forms, or staff entering it by hand. */
    source: text('source').notNull().default('website'),
    /**
     * The traveller ticked 'you may show my first name and what I booked on the site' (off by
     * default; India's DPDP Act 2023): only such bookings reach the public 'someone just booked'
     * toast (docs/decisions/045-security-round-two.md, section 13).
     */
    publicityConsent: boolean('publicity_consent').notNull().default(false),
    /** When the booking last became confirmed; null while it is not confirmed (the public toast's order). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * The cancellation policy the booking was sold under, copied from the settings when it was made
     * (docs/decisions/046-payments.md#cancellation-and-refunds); null for bookings made before
     * payments existed, which follow the current settings.
     */
    cancellationPolicy: jsonb('cancellation_policy').$type<CancellationPolicy>(),
    /** When the booking was cancelled (status `cancelled`). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * Set when the advance arrived but the booking could not confirm itself because its vehicle is
     * booked on those days: the clash message, shown on the dashboard as 'paid but clashing' until
     * staff move it, confirm it another way or cancel it (docs/decisions/046-payments.md#confirmation).
     */
    paidButClashing: text('paid_but_clashing'),
    /**
     * The traveller's details for the tax invoice (docs/decisions/047-invoices-gst.md#invoice-details):
     * the GST state code of their address (the place of supply of everything but a hotel night), their
     * postal address as printed on the invoice, and their GSTIN when they are a registered business
     * (its state then decides the place of supply). Asked on the traveller's booking page and in the
     * quote; empty until given.
     */
    travellerStateCode: text('traveller_state_code'),
    travellerAddress: text('traveller_address').notNull().default(''),
    travellerGstin: text('traveller_gstin').notNull().default(''),
    ...pipelineFields(),
    /** The inquiry this booking was converted from ('Convert to booking'), if any. */
    inquiryId: uuid('inquiry_id').references((): AnyPgColumn => inquiries.id, { onDelete: 'set null' }),
    /** The WhatsApp click this booking came from, linked by staff with its code (docs/decisions/049-whatsapp-leads.md). */
    whatsappLeadId: uuid('whatsapp_lead_id').references(() => whatsappLeads.id, { onDelete: 'set null' }),
    /**
     * Where the booking's permit stands (PERMIT_STATUSES, docs/decisions/050-permits-and-manifests.md):
     * `not_needed` unless its package needs a permit. `permitNumber` and the scan's private key are
     * set when the permit is issued.
     */
    permitStatus: text('permit_status').notNull().default('not_needed'),
    permitNumber: text('permit_number').notNull().default(''),
    permitScanKey: text('permit_scan_key'),
    /** When the two reminders to send the travellers' documents went out: at the deadline, and 3 days before travel. */
    permitDeadlineReminderAt: timestamp('permit_deadline_reminder_at', { withTimezone: true }),
    permitFinalReminderAt: timestamp('permit_final_reminder_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bookings_permit_status', oneOf(t.permitStatus, PERMIT_STATUSES)),
    check('bookings_type', oneOf(t.type, BOOKING_TYPES)),
    check('bookings_status', oneOf(t.status, BOOKING_STATUSES)),
    check('bookings_source', oneOf(t.source, BOOKING_SOURCES)),
    check('bookings_dates', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    check('bookings_adults', sql`${t.adults} is null or ${t.adults} >= 1`),
    check('bookings_children', sql`${t.children} is null or ${t.children} >= 0`),
    check('bookings_traveller_state_code', sql`${t.travellerStateCode} is null or ${t.travellerStateCode} ~ '^[0-9]{2}$'`),
    check(
      'bookings_item_matches_type',
      sql`(${t.type} = 'package' and ${t.bikeId} is null and ${t.carId} is null)
        or (${t.type} = 'bike' and ${t.packageId} is null and ${t.carId} is null)
        or (${t.type} = 'car' and ${t.packageId} is null and ${t.bikeId} is null)`,
    ),
    index('bookings_status_idx').on(t.status),
    index('bookings_created_at_idx').on(t.createdAt),
    index('bookings_package_id_idx').on(t.packageId),
    index('bookings_bike_id_idx').on(t.bikeId),
    index('bookings_car_id_idx').on(t.carId),
    index('bookings_follow_up_on_idx').on(t.followUpOn),
    // The admin list and the CSV export sorted by travel date walk this in keyset batches.
    index('bookings_start_date_id_idx').on(t.startDate, t.id),
    index('bookings_assigned_to_idx').on(t.assignedTo),
    index('bookings_whatsapp_lead_id_idx').on(t.whatsappLeadId),
    // Two more constraints live only in drizzle/0003_back_office.sql, because Drizzle cannot express
    // them: `bookings_bike_no_overlap` and `bookings_car_no_overlap`, EXCLUDE USING gist over the
    // vehicle and daterange(start_date, coalesce(end_date, start_date), '[]') for confirmed bookings
    // (docs/decisions/015-no-double-booking.md).
  ],
);

/**
 * Every "ask us" message (docs/decisions/025-two-stores-for-everything-visitors-send.md): the inquiry dialog's three
 * tabs (packages, cabs, rentals) and the contact form (contact). Fields a type does not use stay
 * null.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: id(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject'),
    message: text('message').notNull().default(''),
    /** Package travel date, cab date or bike rental start date. */
    travelDate: date('travel_date'),
    packageId: uuid('package_id').references(() => tourPackages.id, { onDelete: 'set null' }),
    packageTitle: text('package_title'),
    guests: text('guests'),
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    carModel: text('car_model'),
    pickupLocation: text('pickup_location'),
    dropoffLocation: text('dropoff_location'),
    bikeId: uuid('bike_id').references(() => bikes.id, { onDelete: 'set null' }),
    bikeModel: text('bike_model'),
    rentalDuration: text('rental_duration'),
    bikeCount: integer('bike_count'),
    status: text('status').notNull().default('pending'),
    ...pipelineFields(),
    /** The booking made from this inquiry ('Convert to booking'), if any. */
    bookingId: uuid('booking_id').references((): AnyPgColumn => bookings.id, { onDelete: 'set null' }),
    /** The WhatsApp click this inquiry came from, linked by staff with its code (docs/decisions/049-whatsapp-leads.md). */
    whatsappLeadId: uuid('whatsapp_lead_id').references(() => whatsappLeads.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('inquiries_type', oneOf(t.type, INQUIRY_TYPES)),
    check('inquiries_status', oneOf(t.status, INQUIRY_STATUSES)),
    check('inquiries_bike_count', sql`${t.bikeCount} is null or ${t.bikeCount} >= 1`),
    index('inquiries_status_idx').on(t.status),
    index('inquiries_created_at_idx').on(t.createdAt),
    index('inquiries_package_id_idx').on(t.packageId),
    index('inquiries_car_id_idx').on(t.carId),
    index('inquiries_bike_id_idx').on(t.bikeId),
    index('inquiries_follow_up_on_idx').on(t.followUpOn),
    index('inquiries_assigned_to_idx').on(t.assignedTo),
    index('inquiries_whatsapp_lead_id_idx').on(t.whatsappLeadId),
  ],
);

/**
 * Site settings (docs/decisions/005-site-settings.md): one row per key, each value checked by its
 * own zod schema.
 */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Staff accounts (docs/decisions/004-staff-authentication.md#accounts). */
export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('staff'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Set when an admin disables the account: no sign-in, every session ended. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * TOTP (RFC 6238) secret, base32; set while enrolling and once enabled. Never logged, never in
     * the audit log or an API answer (docs/decisions/004-staff-authentication.md#two-factor-sign-in).
     */
    totpSecret: text('totp_secret'),
    /** When two-factor sign-in was switched on; null while it is off (even with a secret being enrolled). */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last accepted TOTP time step, so one code cannot be used twice. */
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('users_role', oneOf(t.role, USER_ROLES)), check('users_username_format', sql`${t.username} ~ '^[a-z0-9._-]{3,40}$'`)],
);

/**
 * Server-side sessions (docs/decisions/004-staff-authentication.md): the cookie or Bearer token is
 * 32 random bytes; only its SHA-256 is stored. A session ends at `expires_at` (absolute, 7 days after
 * sign-in), after 2 hours without a request (`last_seen_at`), or when revoked (row deleted).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Absolute end of the session. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last authenticated request (refreshed at most once a minute); drives the idle timeout. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'cookie' for the browser, 'bearer' for REST clients. */
    kind: text('kind').notNull().default('cookie'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /**
     * When the user last proved the password in this session: at sign-in and by the 'Confirm your
     * password' step; sensitive account changes need it within 5 minutes
     * (docs/decisions/045-security-round-two.md, section 8). Null: never (a session from before).
     */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * E-mails waiting to be sent, sent, or failed (docs/decisions/011-notifications-outbox.md): a
 * failed send never loses the submission.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * A sender's claim on a pending mail (app/models/outbox.server.ts `claimEmails`): until this time
     * no other sender takes it; a claim past it (its sender died) may be taken again.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Which server instance holds the claim (logs and diagnostics). */
    claimedBy: text('claimed_by'),
    /** After a failed attempt: not tried again before this time (back-off). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** What the mail is (MAIL_KINDS): only acknowledgements are capped (docs/decisions/045-security-round-two.md). */
    kind: text('kind').notNull().default('notification'),
    /** Why a `held` mail is not sent, as staff read it at /admin/outbox. */
    heldReason: text('held_reason'),
    /**
     * For mails that must go at most once (a balance reminder for one due day, say): a second mail
     * with the same key is not queued (docs/decisions/046-payments.md#notifications).
     */
    dedupeKey: text('dedupe_key'),
    /**
     * An acknowledgement's recipient as the caps count it (`mailboxKey` in app/models/outbox.server.ts:
     * lower-case, no `+tag`), written with the row; null on other mails.
     */
    mailbox: text('mailbox'),
  },
  (t) => [
    check('email_outbox_status', oneOf(t.status, OUTBOX_STATUSES)),
    check('email_outbox_kind', oneOf(t.kind, MAIL_KINDS)),
    index('email_outbox_status_idx').on(t.status),
    uniqueIndex('email_outbox_dedupe_key_idx').on(t.dedupeKey),
    // The acknowledgement caps count recent acknowledgements that are mailed, for the site and per
    // mailbox (`holdReasonSql` in app/models/outbox.server.ts).
    // Both indexes leave out `held` rows: in a flood almost every acknowledgement is held, and a
    // count over an index holding them grew with the flood (each submission read the whole hour).
    index('email_outbox_ack_mailed_created_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'acknowledgement' and ${t.status} <> 'held'`),
    index('email_outbox_ack_mailbox_idx')
      .on(t.mailbox, t.createdAt)
      .where(sql`${t.kind} = 'acknowledgement' and ${t.status} <> 'held'`),
  ],
);

/**
 * Counters of the rate limits and the login throttle when the site runs on a PostgreSQL server, so
 * every instance counts the same hits (app/infrastructure/rate-limit.server.ts). The shape is the one
 * rate-limiter-flexible's Drizzle store reads and writes: `key` is `<limiter prefix>:<key>`,
 * `points` the hits in the window, `expire` the window's end.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

export const bookingsRelations = relations(bookings, ({ one }) => ({
  tourPackage: one(tourPackages, { fields: [bookings.packageId], references: [tourPackages.id] }),
  bike: one(bikes, { fields: [bookings.bikeId], references: [bikes.id] }),
  car: one(cars, { fields: [bookings.carId], references: [cars.id] }),
}));

/** One-time recovery codes of two-factor sign-in: only the SHA-256 of each code is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);

/**
 * The second step of a sign-in with two-factor on: the password was right, the code is still to
 * come. The browser holds a random token (cookie, 5 minutes); only its SHA-256 is stored.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes entered; the challenge ends after a few. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_expires_at_idx').on(t.expiresAt)],
);

/**
 * Internal notes on a booking or an inquiry (docs/decisions/016-request-pipeline.md): who wrote
 * what, when. Exactly one of booking_id and inquiry_id is set; notes go with their record.
 */
export const notes = pgTable(
  'notes',
  {
    id: id(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    inquiryId: uuid('inquiry_id').references(() => inquiries.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's display name when the note was written (kept if the user goes). */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('notes_one_record', sql`(${t.bookingId} is null) <> (${t.inquiryId} is null)`),
    check('notes_body_not_blank', sql`length(trim(${t.body})) > 0`),
    index('notes_booking_id_idx').on(t.bookingId),
    index('notes_inquiry_id_idx').on(t.inquiryId),
  ],
);

/**
 * The audit log (docs/decisions/017-audit-log.md): every staff change and sign-in event, written
 * in the same transaction as the change. `changes` holds the before/after of changed fields only,
 * never a password, token or TOTP secret.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    /** Null when the user was deleted later, or for a failed login of an unknown username. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Username at the time ('' when unknown). */
    actorName: text('actor_name').notNull(),
    /** e.g. 'create', 'update', 'delete', 'status', 'login', 'login_failed'. */
    action: text('action').notNull(),
    /** e.g. 'package', 'booking', 'settings', 'user', 'session'. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    /** One readable line: 'Confirmed booking #A1B2C3'. */
    summary: text('summary').notNull(),
    /** `{ field: { from, to } }` of the fields that changed, or null. */
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_id_idx').on(t.actorId),
    index('audit_log_action_idx').on(t.action),
  ],
);

/**
 * Idempotency-Key of the public submission POSTs (docs/decisions/009-rest-api.md#idempotency-key):
 * the first answer given to a key, per endpoint (`scope`), written in the same transaction as the
 * record it answered. `requestHash` is the SHA-256 of the request body, so a reuse of the key with
 * another body is refused. Rows older than 24 hours are expired and deleted now and then.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The endpoint, e.g. 'booking' for POST /api/bookings. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Money (docs/decisions/046-payments.md): quotes, payment requests, the append-only ledger,
// refunds, Razorpay's webhook deliveries, and the links that open a traveller's booking page.
// Amounts are integer paise (₹1 = 100 paise), never floats.

/** One line of a quote: what, how many, the price of one in paise. */
export type QuoteLine = { description: string; quantity: number; unitPaise: number };

const paise = (name: string) => integer(name);

/**
 * The price staff set for a booking. Each save is a new revision (the latest is the quote); older
 * revisions stay for the audit trail. `totalPaise` is the sum of the lines.
 */
export const bookingQuotes = pgTable(
  'booking_quotes',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    lines: jsonb('lines').$type<QuoteLine[]>().notNull(),
    totalPaise: paise('total_paise').notNull(),
    advancePaise: paise('advance_paise').notNull(),
    /** The day the balance is due (Asia/Kolkata calendar day). */
    balanceDueOn: date('balance_due_on').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('booking_quotes_booking_revision_idx').on(t.bookingId, t.revision),
    check('booking_quotes_total', sql`${t.totalPaise} >= 0 and ${t.totalPaise} <= ${sql.raw(String(MAX_AMOUNT_PAISE))}`),
    check('booking_quotes_advance', sql`${t.advancePaise} >= 0 and ${t.advancePaise} <= ${t.totalPaise}`),
  ],
);

/**
 * A request for money: the advance or the balance, for an amount fixed when it was made. Online,
 * it is backed by one Razorpay payment link (created when the traveller presses Pay), whose id ties
 * Razorpay's webhooks back to it.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    /** The day it is due (the advance: when requested; the balance: the quote's balance due day). */
    dueOn: date('due_on').notNull(),
    status: text('status').notNull().default('open'),
    /** Razorpay's payment link (`plink_...`) and its short URL, once created. */
    razorpayLinkId: text('razorpay_link_id'),
    razorpayLinkUrl: text('razorpay_link_url'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    check('payment_requests_kind', oneOf(t.kind, PAYMENT_KINDS)),
    check('payment_requests_status', oneOf(t.status, PAYMENT_REQUEST_STATUSES)),
    check('payment_requests_amount', sql`${t.amountPaise} > 0 and ${t.amountPaise} <= ${sql.raw(String(MAX_AMOUNT_PAISE))}`),
    uniqueIndex('payment_requests_razorpay_link_idx').on(t.razorpayLinkId),
    index('payment_requests_booking_idx').on(t.bookingId),
    index('payment_requests_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * The ledger: every rupee that came in or went back, one row per movement, never edited or deleted
 * (a trigger in drizzle/0013_payments_ledger_append_only.sql refuses UPDATE and DELETE). Payments are
 * positive, refunds negative; a mistaken entry is corrected by a `reversal` of the opposite amount
 * that names it (`reversesId`, at most one reversal per entry). A Razorpay payment or refund id
 * appears at most once (unique), which makes webhook deliveries idempotent.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    entryType: text('entry_type').notNull(),
    /** Signed paise: + money received, − money returned or a reversed payment. */
    amountPaise: paise('amount_paise').notNull(),
    method: text('method').notNull(),
    /** The UPI/UTR/cheque reference staff typed, or Razorpay's id. */
    reference: text('reference').notNull().default(''),
    /** The day the money moved (Asia/Kolkata calendar day). */
    receivedOn: date('received_on').notNull(),
    paymentRequestId: uuid('payment_request_id').references(() => paymentRequests.id, { onDelete: 'set null' }),
    refundId: uuid('refund_id').references((): AnyPgColumn => refunds.id, { onDelete: 'restrict' }),
    razorpayPaymentId: text('razorpay_payment_id'),
    reversesId: uuid('reverses_id').references((): AnyPgColumn => payments.id, { onDelete: 'restrict' }),
    note: text('note').notNull().default(''),
    /** The staff member who recorded it; null when Razorpay's webhook or the reconciliation did. */
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('payments_entry_type', oneOf(t.entryType, LEDGER_ENTRY_TYPES)),
    check('payments_method', oneOf(t.method, PAYMENT_METHODS)),
    check(
      'payments_amount_sign',
      sql`(${t.entryType} = 'payment' and ${t.amountPaise} > 0) or (${t.entryType} = 'refund' and ${t.amountPaise} < 0) or (${t.entryType} = 'reversal' and ${t.amountPaise} <> 0 and ${t.reversesId} is not null)`,
    ),
    check('payments_amount_size', sql`abs(${t.amountPaise}) <= ${sql.raw(String(MAX_AMOUNT_PAISE))}`),
    // One ledger row per Razorpay payment (payments only: a refund of it is a row of its own).
    uniqueIndex('payments_razorpay_payment_idx')
      .on(t.razorpayPaymentId)
      .where(sql`${t.entryType} = 'payment'`),
    uniqueIndex('payments_refund_idx').on(t.refundId),
    uniqueIndex('payments_reverses_idx').on(t.reversesId),
    index('payments_booking_idx').on(t.bookingId, t.createdAt),
    index('payments_received_on_idx').on(t.receivedOn),
  ],
);

/**
 * A refund staff decided: the amount the policy computed, the amount given (with a reason when they
 * differ), online through Razorpay (pending until Razorpay reports it processed or failed) or by hand
 * (processed at once). A processed refund has its negative ledger row (`payments.refund_id`).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    amountPaise: paise('amount_paise').notNull(),
    /** What the cancellation policy gave (null when the refund is not a cancellation's). */
    computedPaise: paise('computed_paise'),
    reason: text('reason').notNull().default(''),
    method: text('method').notNull(),
    status: text('status').notNull(),
    /** Online: the Razorpay payment refunded and Razorpay's refund id (`rfnd_...`). */
    razorpayPaymentId: text('razorpay_payment_id'),
    razorpayRefundId: text('razorpay_refund_id'),
    failureReason: text('failure_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_method', oneOf(t.method, REFUND_METHODS)),
    check('refunds_status', oneOf(t.status, REFUND_STATUSES)),
    check('refunds_amount', sql`${t.amountPaise} > 0 and ${t.amountPaise} <= ${sql.raw(String(MAX_AMOUNT_PAISE))}`),
    uniqueIndex('refunds_razorpay_refund_idx').on(t.razorpayRefundId),
    index('refunds_booking_idx').on(t.bookingId),
  ],
);

/**
 * Every webhook delivery Razorpay made, by its event id (`X-Razorpay-Event-Id`): a repeated
 * delivery finds its row and changes nothing. `outcome` says what it did, for staff to see
 * ('credited', 'duplicate payment', 'unknown payment link', 'amount differs', ...).
 */
export const razorpayEvents = pgTable(
  'razorpay_events',
  {
    eventId: text('event_id').primaryKey(),
    event: text('event').notNull(),
    outcome: text('outcome').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the event was acted on (credited, refund marked, ...); null while it waits in the inbox
     * (app/models/razorpay-events.server.ts `processNextRazorpayEvent`).
     */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Failed attempts to act on it (a database fault, say); after MAX_EVENT_ATTEMPTS it is given up, with the error as outcome. */
    attempts: integer('attempts').notNull().default(0),
    /** After a failed attempt: not tried again before this time. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('razorpay_events_received_at_idx').on(t.receivedAt),
    index('razorpay_events_waiting_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

/**
 * Links that open a traveller's booking page (`/booking/<token>`): a random 256-bit token, of
 * which only the SHA-256 is stored, so a backup holds no usable link. Every mail that carries the
 * link carries a new token; staff 'rotate' the link by revoking every token of the booking
 * (docs/decisions/046-payments.md#the-travellers-booking-page).
 */
export const bookingAccessTokens = pgTable(
  'booking_access_tokens',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('booking_access_tokens_hash_idx').on(t.tokenHash), index('booking_access_tokens_booking_idx').on(t.bookingId)],
);

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export type TourPackage = typeof tourPackages.$inferSelect;
export type NewTourPackage = typeof tourPackages.$inferInsert;
export type Bike = typeof bikes.$inferSelect;
export type NewBike = typeof bikes.$inferInsert;
export type Car = typeof cars.$inferSelect;
export type NewCar = typeof cars.$inferInsert;
export type Booking = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
export type Inquiry = typeof inquiries.$inferSelect;
export type NewInquiry = typeof inquiries.$inferInsert;
export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type OutboxEmail = typeof emailOutbox.$inferSelect;
export type Note = typeof notes.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type RecoveryCode = typeof recoveryCodes.$inferSelect;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

// ---------------------------------------------------------------------------------------------
// GST documents (docs/decisions/047-invoices-gst.md#numbered-documents): receipts, tax invoices and
// credit notes, numbered per series and financial year, never edited.

/**
 * What a document's PDF shows, frozen at issue: the view `renderTaxDocumentPdf` draws
 * (app/infrastructure/pdf/tax-document-pdf.server.ts), with the moment of issue as ISO text.
 */
export type TaxDocumentSnapshot = Record<string, unknown> & { kind: string; number: string; issuedAt: string };

/**
 * An issued receipt, tax invoice or credit note. `sequence` is its place in the series of its kind
 * and financial year (`financialYear` is the year the FY starts in: 2026 for 26-27), allocated from
 * `tax_document_counters` in the issuing transaction; `number` is PREFIX/YY-YY/NNNN as printed.
 * Amounts are integer paise; `snapshot` is what the PDF shows. Never updated or deleted (a trigger
 * in drizzle/0019_tax_documents_append_only.sql refuses both): a mistake is corrected by a credit
 * note and a new invoice.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: id(),
    kind: text('kind').notNull(),
    /** The series prefix at issue ('RCT', 'INV', 'CN' by default). */
    prefix: text('prefix').notNull(),
    financialYear: integer('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    /** The ledger payment a receipt is for (receipts only). */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /** The invoice a credit note corrects (credit notes only). */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => taxDocuments.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    taxablePaise: paise('taxable_paise').notNull(),
    cgstPaise: paise('cgst_paise').notNull().default(0),
    sgstPaise: paise('sgst_paise').notNull().default(0),
    igstPaise: paise('igst_paise').notNull().default(0),
    totalPaise: paise('total_paise').notNull(),
    snapshot: jsonb('snapshot').$type<TaxDocumentSnapshot>().notNull(),
    /** The place of supply's GST state code (invoices and credit notes; null on a receipt). */
    placeOfSupplyCode: text('place_of_supply_code'),
    /** The GST rate of the document's lines in basis points, 5 % = 500 (invoices and credit notes; null on a receipt). */
    rateBasisPoints: integer('rate_basis_points'),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('tax_documents_kind', oneOf(t.kind, DOCUMENT_KINDS)),
    check('tax_documents_sequence', sql`${t.sequence} >= 1`),
    check('tax_documents_number_length', sql`char_length(${t.number}) between 1 and 16`),
    check(
      'tax_documents_amounts',
      sql`${t.taxablePaise} >= 0 and ${t.cgstPaise} >= 0 and ${t.sgstPaise} >= 0 and ${t.igstPaise} >= 0 and ${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} and ${t.totalPaise} <= ${sql.raw(String(MAX_AMOUNT_PAISE))}`,
    ),
    check('tax_documents_receipt_payment', sql`(${t.kind} = 'receipt') = (${t.paymentId} is not null)`),
    check('tax_documents_credit_note_invoice', sql`(${t.kind} = 'credit_note') = (${t.invoiceId} is not null)`),
    check('tax_documents_place_of_supply', sql`(${t.kind} = 'receipt') = (${t.placeOfSupplyCode} is null)`),
    check(
      'tax_documents_rate',
      sql`(${t.kind} = 'receipt') = (${t.rateBasisPoints} is null) and (${t.rateBasisPoints} is null or ${t.rateBasisPoints} between 0 and 2800)`,
    ),
    uniqueIndex('tax_documents_series_idx').on(t.kind, t.financialYear, t.sequence),
    uniqueIndex('tax_documents_number_idx').on(t.number),
    // One receipt per ledger payment.
    uniqueIndex('tax_documents_payment_idx').on(t.paymentId),
    index('tax_documents_booking_idx').on(t.bookingId),
    index('tax_documents_issued_at_idx').on(t.issuedAt),
    index('tax_documents_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * The last number given in each series (document kind) and financial year. Issuing a document
 * increments its row with INSERT ... ON CONFLICT DO UPDATE ... RETURNING in the transaction that
 * inserts the document: the row stays locked until that transaction ends, so two instances never
 * get one number, and a rollback takes the increment back with it (no gap).
 */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    kind: text('kind').notNull(),
    financialYear: integer('financial_year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.financialYear] }),
    check('tax_document_counters_kind', oneOf(t.kind, DOCUMENT_KINDS)),
    check('tax_document_counters_sequence', sql`${t.lastSequence} >= 1`),
  ],
);

/**
 * The drivers who take travellers round Sikkim (docs/decisions/048-trip-operations.md): a catalogue
 * kept by staff at /admin/drivers. `licenceExpiresOn` is a calendar day; a driver whose licence has
 * expired is flagged in the list (and still listed: the office renews it).
 */
export const drivers = pgTable(
  'drivers',
  {
    id: id(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    licenceNumber: text('licence_number').notNull(),
    licenceExpiresOn: date('licence_expires_on').notNull(),
    /** Comma-separated, e.g. 'Nepali, Hindi, English'. */
    languages: text('languages').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('drivers_name_not_blank', sql`length(trim(${t.name})) > 0`), index('drivers_created_at_idx').on(t.createdAt)],
);

/**
 * A driver and a car given to a confirmed booking for some of its days (starts_on to ends_on,
 * inclusive, India's calendar), with where and when the driver picks the guests up.
 *
 * The two EXCLUDE USING gist constraints that refuse one driver or one car two overlapping
 * assignments are hand-written at the end of drizzle/0021_trip_assignments.sql (Drizzle cannot
 * express them; docs/decisions/048-trip-operations.md), like the bookings' in 0003.
 */
export const tripAssignments = pgTable(
  'trip_assignments',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'restrict' }),
    /** Null: the driver comes with the traveller's own or a hired vehicle. */
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    /** 'HH:MM', India time. */
    pickupTime: text('pickup_time').notNull(),
    pickupPlace: text('pickup_place').notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('trip_assignments_days', sql`${t.endsOn} >= ${t.startsOn}`),
    check('trip_assignments_pickup_time', sql`${t.pickupTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    index('trip_assignments_booking_idx').on(t.bookingId),
    index('trip_assignments_driver_idx').on(t.driverId),
    index('trip_assignments_car_idx').on(t.carId),
    index('trip_assignments_starts_on_idx').on(t.startsOn),
  ],
);

/**
 * The people travelling on a booking, one row each, as the permit office asks for them
 * (docs/decisions/050-permits-and-manifests.md): the name as on the ID, gender, date of birth,
 * nationality (ISO 3166-1 alpha-2, 'IN' for India); an Indian gives an ID type from the `permits`
 * setting and its number, a foreign national a passport and a visa number. `position` is the
 * traveller's number on the booking (1, 2...), used in the manifest and the documents' file names.
 *
 * `photoKey` and `idScanKey` name the re-encoded images in the private identity store (never under
 * /uploads); both are cleared and `documentsDeletedAt` set when the retention period after the trip
 * has passed.
 */
export const bookingTravellers = pgTable(
  'booking_travellers',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fullName: text('full_name').notNull(),
    gender: text('gender').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    nationality: text('nationality').notNull().default('IN'),
    /** An id of `permits.idTypes` for an Indian; null for a foreign national. */
    idType: text('id_type'),
    idNumber: text('id_number').notNull().default(''),
    passportNumber: text('passport_number').notNull().default(''),
    visaNumber: text('visa_number').notNull().default(''),
    photoKey: text('photo_key'),
    idScanKey: text('id_scan_key'),
    documentsDeletedAt: timestamp('documents_deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('booking_travellers_position', sql`${t.position} >= 1`),
    check('booking_travellers_name_not_blank', sql`length(trim(${t.fullName})) > 0`),
    check('booking_travellers_gender', oneOf(t.gender, GENDERS)),
    check('booking_travellers_nationality', sql`${t.nationality} ~ '^[A-Z]{2}$'`),
    uniqueIndex('booking_travellers_booking_position_idx').on(t.bookingId, t.position),
  ],
);

export type BookingTraveller = typeof bookingTravellers.$inferSelect;
export type NewBookingTraveller = typeof bookingTravellers.$inferInsert;

export type Driver = typeof drivers.$inferSelect;
export type NewDriver = typeof drivers.$inferInsert;
export type TripAssignment = typeof tripAssignments.$inferSelect;
