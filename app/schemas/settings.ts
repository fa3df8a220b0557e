/**
 * Site settings (docs/decisions/005-site-settings.md): one zod schema per key, used when a value
 * is read from the database, when the admin saves it, and by the API. Defaults are the seeded values.
 */
import { z } from 'zod';
import { parseMapEmbed } from '~/lib/admin/map-embed';
import { toE164 } from '~/lib/admin/phone';
import { DEFAULT_PACKAGE_POLICY, DEFAULT_RENTAL_POLICY } from '~/lib/cancellation-policy';
import { PRICES_INCLUDE_TAX_DEFAULT, TAX_DEFAULTS, validateGstRate, validateSac, type ItemKind } from '~/lib/gst/defaults';
import { DEFAULT_DOCUMENT_PREFIXES, validatePrefix, type DocumentKind } from '~/lib/gst/document-number';
import { validateGstin } from '~/lib/gst/gstin';
import { formatStateWithCode, gstStateByCode, HOME_STATE_CODE } from '~/lib/gst/states';
import { DOCUMENT_FORMATS } from '~/lib/permits/constants';

export { ALLOWED_MAP_HOSTS, parseMapEmbed } from '~/lib/admin/map-embed';

/** The message of a required text left empty (the admin forms' wording). */
export const REQUIRED_MESSAGE = 'This field is required';

/** Trimmed text of at most `max` characters. */
const trimmed = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
/** Trimmed text that must not be empty. */
const required = (max: number) => trimmed(max).min(1, REQUIRED_MESSAGE);
const isoDate = z.iso.date('Use a date like 2027-06-30');
const email = (max: number) => trimmed(max).pipe(z.email('Enter a valid e-mail address'));

/**
 * A number, also given as numeric text ('27.3187', as a form posts it). Blank text, null and other
 * types are refused rather than read as 0.
 */
const numberLike = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value),
    z.number({ error: message }),
  );

/**
 * A phone number as staff type it, stored in E.164 ('+919832055555'); Indian local forms are read
 * ('98320 55555', '098320 55555'), anything that is not a valid number is refused
 * (app/lib/admin/phone.ts). Read through the same schema, an older stored value is normalised too.
 */
const phoneNumber = (message: string) =>
  trimmed(40)
    .min(1, REQUIRED_MESSAGE)
    .refine((v) => toE164(v) !== null, message)
    .transform((v) => toE164(v) ?? v);

/** An absolute http(s) URL. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Company identity and contact details shown in the header, footer, contact page and e-mails. */
export const companySettingsSchema = z.object({
  name: required(120),
  tagline: trimmed(200),
  /** E.164, shown formatted ('+91 98320 55555'); tel: links use it as it is. */
  phone: phoneNumber('Enter a valid phone number, e.g. +91 98320 00000 or 03592 202020'),
  email: email(200),
  /** E.164; wa.me links take its digits (country code included). */
  whatsappNumber: phoneNumber('Enter a valid mobile number, e.g. +91 98320 00000 or 98320 00000'),
  address: required(300),
  officeHours: z
    .array(z.object({ days: required(60), hours: required(60) }))
    .min(1, 'Add at least one row of office hours')
    .max(7, 'At most 7 rows of office hours'),
  registrationNumber: trimmed(80),
});

/** Rating texts of the hero and trust badges (docs/decisions/005-site-settings.md). */
export const ratingSettingsSchema = z.object({
  rating: required(10),
  reviewsText: required(40),
  travelersText: required(80),
});

/**
 * Home video: a YouTube link or a video file URL; empty hides the section
 * (docs/decisions/010-maps-video-images.md#video).
 */
export const videoSettingsSchema = z.object({
  url: trimmed(500).refine((v) => v === '' || isHttpUrl(v), 'Use an http(s) link (YouTube or a video file), or leave it empty'),
});

const relativeOrAbsoluteLink = trimmed(300).refine(
  (v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/[^\s]+$/i.test(v),
  'Use a path like /packages or an http(s) URL',
);

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
  endsOn: z.union([z.literal(''), isoDate], { error: 'Use a date like 2027-06-30, or leave it empty' }),
});

/** One policy list: lines of at most 300 characters, at least `min` and at most `max` of them. */
const policyLines = (min: number, max: number) => {
  const list = z.array(required(300)).max(max, `At most ${max} lines`);
  return min > 0 ? list.min(min, min === 1 ? 'Add at least one line' : `Add at least ${min} lines`) : list;
};

/**
 * Payment, cancellation and rental terms: one text, shown everywhere
 * (docs/decisions/007-one-policy-text.md).
 */
export const policySettingsSchema = z.object({
  payment: policyLines(1, 10),
  cancellation: policyLines(1, 10),
  requirements: policyLines(0, 10),
  bikeTerms: policyLines(1, 12),
  carTerms: policyLines(1, 12),
});

/**
 * Office location for the Find Us maps (docs/product.md#map-settings-form). A custom embed code is
 * checked by `parseMapEmbed` and stored as our own re-emitted iframe, never as pasted
 * (docs/decisions/010-maps-video-images.md#maps).
 */
export const mapSettingsSchema = z.object({
  latitude: numberLike('Enter a latitude between -90 and 90').pipe(
    z.number().min(-90, 'Enter a latitude between -90 and 90').max(90, 'Enter a latitude between -90 and 90'),
  ),
  longitude: numberLike('Enter a longitude between -180 and 180').pipe(
    z.number().min(-180, 'Enter a longitude between -180 and 180').max(180, 'Enter a longitude between -180 and 180'),
  ),
  zoom: numberLike('Enter a zoom level from 1 to 20').pipe(
    z.number().int('Enter a whole number from 1 to 20').min(1, 'Enter a zoom level from 1 to 20').max(20, 'Enter a zoom level from 1 to 20'),
  ),
  title: trimmed(120),
  embedCode: z
    .string()
    .max(2000, 'At most 2000 characters')
    .transform((code, ctx) => {
      if (code.trim() === '') return '';
      const result = parseMapEmbed(code);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.html;
    }),
});

export const recentBookingToastSettingsSchema = z.object({ enabled: z.boolean() });

/**
 * Where the operator's notification e-mails go (docs/decisions/011-notifications-outbox.md); ''
 * means the company e-mail.
 */
export const notificationSettingsSchema = z.object({
  email: trimmed(200).refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid e-mail address, or leave it empty'),
});

/** A whole percentage from 0 to 100. */
const percent = (message: string) => numberLike(message).pipe(z.number().int(message).min(0, message).max(100, message));

/** A cancellation policy (app/lib/cancellation-policy.ts): its unit and 1-6 tiers, distinct `before` values. */
const cancellationPolicySchema = z.object({
  unit: z.enum(['days', 'hours'], { error: "Use 'days' or 'hours'" }),
  tiers: z
    .array(
      z.object({
        before: numberLike('Enter a whole number of days or hours').pipe(
          z.number().int('Enter a whole number of days or hours').min(0, 'Enter 0 or more').max(8760, 'At most 8760'),
        ),
        refundPercent: percent('Enter a refund from 0 to 100 %'),
      }),
    )
    .min(1, 'Add at least one tier')
    .max(6, 'At most 6 tiers')
    .refine((tiers) => new Set(tiers.map((t) => t.before)).size === tiers.length, 'Two tiers start at the same time'),
});

/**
 * Money (docs/decisions/046-payments.md): the advance asked by default, when the balance falls due,
 * how travellers pay when online payment is off (UPI ID, bank details), and the cancellation
 * policies new bookings are sold under.
 */
export const paymentSettingsSchema = z.object({
  /** The advance's share of the quote's total, in %. */
  advancePercent: percent('Enter an advance from 0 to 100 %'),
  /** Package balances fall due this many days before travel (rentals: at pickup). */
  balanceDueDaysBeforeTravel: numberLike('Enter a whole number of days').pipe(
    z.number().int('Enter a whole number of days').min(0, 'Enter 0 or more days').max(180, 'At most 180 days'),
  ),
  /** The office's UPI ID ('himalayantours@okaxis'), or '' for none. */
  upiId: trimmed(100).refine(
    (v) => v === '' || /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,64}$/.test(v),
    'Enter a UPI ID like name@bank, or leave it empty',
  ),
  /** Bank transfer details, one line each (account name, number, IFSC, bank and branch). */
  bankDetails: z.array(required(200)).max(6, 'At most 6 lines'),
  packageCancellation: cancellationPolicySchema,
  rentalCancellation: cancellationPolicySchema,
});

/**
 * A text checked by one of the GST modules' field checks (app/lib/gst/), which answer
 * `{ ok: true, … }` or `{ ok: false, message }`: the message becomes the field's error, and the
 * value is what `pick` takes from the answer (the normalised text).
 */
function checkedText<R extends { ok: true }>(check: (value: string) => R | { ok: false; message: string }, pick: (result: R) => string, empty: string) {
  return z
    .string({ error: empty })
    .max(200, 'At most 200 characters')
    .transform((value, ctx) => {
      const result = check(value);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.message });
        return z.NEVER;
      }
      return pick(result);
    });
}

/** An SAC code: 4 to 8 digits (`validateSac`). */
const sacCode = checkedText(validateSac, (r) => r.sac, 'Enter the SAC code');

/**
 * A GST rate in percent, 0 to 28 with at most two decimals (`validateGstRate`): a number, or text as
 * a form posts it ('5', '18 %'). Stored as the number of percent (5, 0.25).
 */
const gstRate = z.union([z.number(), z.string()], { error: 'Enter the GST rate in percent' }).transform((value, ctx) => {
  const result = validateGstRate(value);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  }
  return result.ratePercent;
});

/** A series prefix: 1 to 5 characters, so that PREFIX/YY-YY/NNNN stays within 16 (`validatePrefix`). */
const seriesPrefix = checkedText(validatePrefix, (r) => r.prefix, 'Enter a prefix, for example INV').describe(
  "1 to 5 letters, digits, '-' or '/' (upper-cased); numbers read PREFIX/26-27/0001, at most 16 characters",
);

/** The tax of one kind of item: its SAC code and GST rate. */
const itemTaxSchema = z.object({
  sac: sacCode.describe('SAC code, 4 to 8 digits'),
  ratePercent: gstRate.describe("GST rate in percent, 0 to 28 with at most two decimals (numeric text such as '18' is accepted)"),
});

/** The tax settings' field of each item kind (the API's field names are camelCase). */
export const TAX_ITEM_FIELDS = { tour_package: 'tourPackage', car_with_driver: 'carWithDriver', self_drive: 'selfDrive' } as const satisfies Record<
  ItemKind,
  string
>;

/** The tax settings' prefix field of each series. */
export const TAX_PREFIX_FIELDS = { receipt: 'receiptPrefix', invoice: 'invoicePrefix', credit_note: 'creditNotePrefix' } as const satisfies Record<
  DocumentKind,
  string
>;

/** What each series is called in a message. */
const SERIES_NAMES: Record<DocumentKind, string> = { receipt: 'receipts', invoice: 'tax invoices', credit_note: 'credit notes' };

/**
 * Tax settings (docs/decisions/047-invoices-gst.md#tax-settings): who issues the receipts, tax
 * invoices and credit notes, and the SAC code and GST rate of each kind of item.
 *
 * - `gstin`: '' for an operator who is not registered for GST (below the threshold): the product
 *   then issues receipts only, no tax invoices (`issuesTaxInvoices`). Otherwise checked by
 *   `validateGstin` and stored in capitals; its first two digits must be `stateCode`.
 * - `stateCode`: the GST state code of the registered address ('11', Sikkim, by default): the
 *   supplier's state, which decides between CGST + SGST and IGST.
 * - `receiptPrefix`, `invoicePrefix`, `creditNotePrefix`: the series prefixes (`validatePrefix`, at
 *   most 5 characters, so a number is at most 16), each different from the others.
 * - `prices`: 'inclusive' (the default, what travellers are quoted) or 'exclusive' of GST.
 * - `tourPackage`, `carWithDriver`, `selfDrive`: `{ sac, ratePercent }` per item kind
 *   (app/lib/gst/defaults.ts), SAC 4 to 8 digits, rate 0 to 28 % with at most two decimals.
 */
export const taxSettingsSchema = z
  .object({
    legalName: required(200),
    gstin: z
      .string({ error: 'Enter the GSTIN, or leave it empty' })
      .max(40, 'A GSTIN has 15 characters')
      .transform((value, ctx) => {
        if (value.trim() === '') return '';
        const result = validateGstin(value);
        if (!result.ok) {
          ctx.addIssue({ code: 'custom', message: result.message });
          return z.NEVER;
        }
        return result.gstin;
      })
      .describe("15 characters, checked (state code, PAN, check character); '' when not registered for GST (receipts only)"),
    address: required(300),
    stateCode: z
      .string({ error: 'Choose the state of the registered address' })
      .trim()
      .refine((code) => gstStateByCode(code) !== undefined, 'Choose the state of the registered address (a GST state code such as 11 for Sikkim)')
      .describe("GST state code of the registered address, '11' for Sikkim; a GSTIN must start with it"),
    receiptPrefix: seriesPrefix,
    invoicePrefix: seriesPrefix,
    creditNotePrefix: seriesPrefix,
    prices: z
      .enum(['inclusive', 'exclusive'], { error: "Use 'inclusive' or 'exclusive'" })
      .describe('Whether prices include GST (inclusive, the default) or exclude it'),
    tourPackage: itemTaxSchema,
    carWithDriver: itemTaxSchema,
    selfDrive: itemTaxSchema,
  })
  .superRefine((tax, ctx) => {
    if (tax.gstin !== '' && tax.gstin.slice(0, 2) !== tax.stateCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: `This GSTIN is registered in ${formatStateWithCode(tax.gstin.slice(0, 2))}, but the registered address is in ${formatStateWithCode(tax.stateCode)}: a GSTIN starts with its state's code`,
      });
    }
    // Each series counts on its own, so two series with one prefix would print the same number twice.
    const seen = new Map<string, DocumentKind>();
    for (const [kind, field] of Object.entries(TAX_PREFIX_FIELDS) as [DocumentKind, (typeof TAX_PREFIX_FIELDS)[DocumentKind]][]) {
      const other = seen.get(tax[field]);
      if (other) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `Each series needs its own prefix: ${tax[field]} is already the prefix of the ${SERIES_NAMES[other]}`,
        });
      } else {
        seen.set(tax[field], kind);
      }
    }
  });

/** Whether these tax settings let the product issue tax invoices and credit notes: only with a GSTIN. */
export function issuesTaxInvoices(tax: { gstin: string }): boolean {
  return tax.gstin !== '';
}

/** A short identifier of a permit or an ID type: lower-case letters, digits and hyphens. */
const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, 'Use lower-case letters, digits and hyphens, e.g. north-sikkim-pap');

/** A whole number of `unit` from `min` to `max`, given as a number or as a form's text. */
const wholeNumber = (min: number, max: number, unit: string) =>
  numberLike(`Enter a whole number of ${unit} from ${min} to ${max}`).pipe(
    z
      .number()
      .int(`Enter a whole number of ${unit} from ${min} to ${max}`)
      .min(min, `Enter a whole number of ${unit} from ${min} to ${max}`)
      .max(max, `Enter a whole number of ${unit} from ${min} to ${max}`),
  );

/**
 * One permit a package can need (docs/decisions/050-permits-and-manifests.md): North Sikkim PAP,
 * Nathula PAP... `closedWeekdays` are the days (0 = Sunday) its area is closed to visitors, so a
 * trip day there is flagged; `foreignersOnly` marks the RAP/PAP only foreign nationals need.
 */
export const permitTypeSchema = z.object({
  id: slug,
  name: required(80),
  closedWeekdays: z
    .array(z.number().int().min(0).max(6))
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'Each day once'),
  foreignersOnly: z.boolean(),
});

/** An identity document an Indian traveller may give (Voter ID, Passport...); `enabled: false` hides it from the forms. */
export const idTypeSchema = z.object({ id: slug, label: required(60), enabled: z.boolean() });

const uniqueIds = (items: { id: string }[]) => new Set(items.map((item) => item.id)).size === items.length;

/**
 * Permits and travellers' documents (docs/decisions/050-permits-and-manifests.md): the permits
 * packages choose from, the ID types offered to Indian travellers, how many days before travel the
 * documents are due by default, the permit office's limits on the scans (formats, 10-100 KB after
 * re-encoding by default) and how many days after the trip the documents are deleted.
 */
export const permitSettingsSchema = z
  .object({
    types: z.array(permitTypeSchema).max(20, 'At most 20 permits').refine(uniqueIds, 'Each permit needs its own identifier'),
    idTypes: z
      .array(idTypeSchema)
      .min(1, 'Keep at least one ID type')
      .max(12, 'At most 12 ID types')
      .refine(uniqueIds, 'Each ID type needs its own identifier')
      .refine((types) => types.some((t) => t.enabled), 'Offer at least one ID type'),
    documentsDaysBefore: wholeNumber(1, 90, 'days'),
    documentFormats: z.array(z.enum(DOCUMENT_FORMATS, { error: 'Use JPEG or PNG' })).min(1, 'Accept at least one format'),
    minDocumentKb: wholeNumber(1, 1000, 'KB'),
    maxDocumentKb: wholeNumber(5, 5000, 'KB'),
    retentionDaysAfterTrip: wholeNumber(1, 3650, 'days'),
  })
  .refine((s) => s.maxDocumentKb >= s.minDocumentKb * 2, {
    path: ['maxDocumentKb'],
    message: 'The largest size must be at least twice the smallest',
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
  payments: paymentSettingsSchema,
  tax: taxSettingsSchema,
  permits: permitSettingsSchema,
} as const;

export type SettingsKey = keyof typeof settingsSchemas;
export type Settings = { [K in SettingsKey]: z.infer<(typeof settingsSchemas)[K]> };

/** The policies a traveller of a tour reads (the package page and the contact FAQs), without the rental terms. */
export type TravelPolicies = Pick<Settings['policies'], 'payment' | 'cancellation' | 'requirements'>;

/** Every settings key, in the order the admin page shows them. */
export const SETTINGS_KEYS = Object.keys(settingsSchemas) as SettingsKey[];

/** What each key is called in the admin pages, toasts and audit summaries. */
export const SETTINGS_LABELS: Record<SettingsKey, string> = {
  company: 'Company details',
  ratings: 'Rating texts',
  video: 'Home video',
  announcement: 'Announcement banner',
  promo: 'Promo banner',
  policies: 'Policies',
  map: 'Map location',
  recentBookingToast: 'Recent-booking toast',
  notifications: 'Notification e-mail',
  payments: 'Payments and cancellations',
  tax: 'Tax (GST)',
  permits: "Permits and travellers' documents",
};

/** True for a settings key (API bodies name keys as they like). */
export function isSettingsKey(key: string): key is SettingsKey {
  return Object.prototype.hasOwnProperty.call(settingsSchemas, key);
}

/** The seeded values (placeholders, policies and map defaults: docs/decisions/005-site-settings.md). */
export const defaultSettings: Settings = {
  company: {
    name: 'Himalayan Tours & Travels',
    tagline: 'Local experts for Sikkim & Darjeeling since 2012',
    phone: '+910000000000',
    email: 'hello@example.com',
    whatsappNumber: '+910000000000',
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
    payment: ['50% advance to confirm the booking.', 'Balance payable 15 days before the travel date.'],
    cancellation: ['Cancelled 15 or more days before travel: 25% of the amount paid is refunded.', 'Cancelled within 15 days of travel: non-refundable.'],
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
    embedCode: '',
  },
  recentBookingToast: { enabled: true },
  notifications: { email: '' },
  payments: {
    advancePercent: 50,
    balanceDueDaysBeforeTravel: 15,
    upiId: '',
    bankDetails: [],
    packageCancellation: DEFAULT_PACKAGE_POLICY,
    rentalCancellation: DEFAULT_RENTAL_POLICY,
  },
  // No GSTIN: a fresh install issues receipts only until the operator enters one
  // (docs/decisions/047-invoices-gst.md#tax-settings).
  tax: {
    legalName: 'Himalayan Tours & Travels',
    gstin: '',
    address: 'Tibet Road, near MG Marg, Gangtok, Sikkim 737101, India',
    stateCode: HOME_STATE_CODE,
    receiptPrefix: DEFAULT_DOCUMENT_PREFIXES.receipt,
    invoicePrefix: DEFAULT_DOCUMENT_PREFIXES.invoice,
    creditNotePrefix: DEFAULT_DOCUMENT_PREFIXES.credit_note,
    prices: PRICES_INCLUDE_TAX_DEFAULT ? 'inclusive' : 'exclusive',
    tourPackage: { sac: TAX_DEFAULTS.tour_package.sac, ratePercent: TAX_DEFAULTS.tour_package.ratePercent },
    carWithDriver: { sac: TAX_DEFAULTS.car_with_driver.sac, ratePercent: TAX_DEFAULTS.car_with_driver.ratePercent },
    selfDrive: { sac: TAX_DEFAULTS.self_drive.sac, ratePercent: TAX_DEFAULTS.self_drive.ratePercent },
  },
  // The permits of Sikkim as operators in Gangtok know them today; the rules change, so the office
  // edits them (docs/decisions/050-permits-and-manifests.md). Aadhaar is listed but off: permit
  // offices usually refuse it (../shared/docs/operations-in-india.md).
  permits: {
    types: [
      { id: 'north-sikkim-pap', name: 'North Sikkim PAP (Lachung, Lachen, Gurudongmar, Yumthang)', closedWeekdays: [], foreignersOnly: false },
      { id: 'tsomgo-pap', name: 'Tsomgo Lake PAP', closedWeekdays: [], foreignersOnly: false },
      { id: 'nathula-pap', name: 'Nathula PAP', closedWeekdays: [1, 2], foreignersOnly: false },
      { id: 'rap-foreigners', name: 'RAP / PAP for foreign nationals', closedWeekdays: [], foreignersOnly: true },
    ],
    idTypes: [
      { id: 'voter-id', label: 'Voter ID', enabled: true },
      { id: 'passport', label: 'Passport', enabled: true },
      { id: 'driving-licence', label: 'Driving Licence', enabled: true },
      { id: 'aadhaar', label: 'Aadhaar', enabled: false },
    ],
    documentsDaysBefore: 10,
    documentFormats: ['jpeg', 'png'],
    minDocumentKb: 10,
    maxDocumentKb: 100,
    retentionDaysAfterTrip: 30,
  },
};
