/**
 * /admin/settings (docs/decisions/005-site-settings.md): every site setting except the map (which
 * has /admin/location), one form per key so a phone shows one short form at a time: company details
 * (with office hours as rows), rating texts, home video, announcement banner, promo banner,
 * recent-booking toast, policies (one entry per line), the operator's notification e-mail, and
 * payments and cancellations (docs/decisions/046-payments.md): the advance %, when the balance falls
 * due, the UPI ID and bank details travellers pay to by hand, and the package and rental
 * cancellation policies as rows of tiers (each policy's wording, `describePolicy`, shown under it;
 * bookings keep the policy they were sold under), and tax (GST, docs/decisions/047-invoices-gst.md#tax-settings):
 * the legal name, GSTIN, registered address and state, the series prefixes, whether prices include
 * GST, and the SAC and rate per item kind; without a GSTIN the page says only receipts are issued;
 * and permits and travellers' documents (docs/decisions/050-permits-and-manifests.md): permit
 * types and ID types as rows, the documents' deadline, formats, sizes and retention.
 *
 * Each form is checked by its key's schema; a refused form shows each field's error and saves
 * nothing. A save writes the row and its audit entry in one transaction (`saveSettings`), then comes
 * back here with 'Settings saved'. The public pages read the settings at every request, so the change
 * shows at the next one. Works without JavaScript (office-hours rows are added and removed by posting
 * the form). Admin role only, page and forms (docs/decisions/045-security-round-two.md, section 9):
 * a staff user gets 403.
 */
import type { FormMetadata } from '@conform-to/react';
import { Link } from 'react-router';
import { CheckboxField, DateField, SelectField, TextareaField, TextField } from '~/components/admin/editor/fields';
import { ListField, ListTextInput } from '~/components/admin/editor/list-field';
import { FieldRow, SectionNav } from '~/components/admin/editor/sections';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import {
  formDefaults,
  isSettingsSection,
  SECTION_FIELD,
  SETTINGS_SECTIONS,
  type SettingsActionData,
  type SettingsSection,
} from '~/components/admin/settings/form-schemas';
import { handleSettingsSubmission } from '~/routes/admin/+shared/settings-action.server';
import { SettingsFormCard, useSettingsForm } from '~/components/admin/settings/settings-form';
import { PermitsSection } from '~/components/admin/settings/permits-section';
import { auditActor, requirePermission } from '~/services/admin-guard.server';
import { redirectWithToast } from '~/lib/toast.server';
import { describePolicy } from '~/lib/cancellation-policy';
import { getAllSettings } from '~/models/settings.server';
import { TAX_DEFAULTS, type ItemKind } from '~/lib/gst/defaults';
import { MAX_PREFIX_LENGTH } from '~/lib/gst/document-number';
import { GST_STATES } from '~/lib/gst/states';
import { issuesTaxInvoices, SETTINGS_LABELS, TAX_ITEM_FIELDS, type Settings } from '~/schemas/settings';
import type { Route } from './+types/settings';

const PATH = '/admin/settings';

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'settings');
  const settings = await getAllSettings();
  const sections = Object.fromEntries(SETTINGS_SECTIONS.map((key) => [key, formDefaults(key, settings[key])])) as Record<
    SettingsSection,
    Record<string, unknown>
  >;
  const { packageCancellation, rentalCancellation } = settings.payments;
  return {
    sections,
    companyEmail: settings.company.email,
    gstRegistered: issuesTaxInvoices(settings.tax),
    policyWording: { package: describePolicy(packageCancellation, 'package'), rental: describePolicy(rentalCancellation, 'rental') },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const auth = await requirePermission(request, 'settings');
  const formData = await request.formData();
  const section = formData.get(SECTION_FIELD);
  if (!isSettingsSection(section)) {
    throw await redirectWithToast(PATH, { type: 'error', title: 'Unknown settings form: nothing was saved' });
  }
  return handleSettingsSubmission(formData, {
    key: section,
    actor: auditActor(auth, request),
    redirectTo: PATH,
    success: { type: 'success', title: 'Settings saved', description: SETTINGS_LABELS[section] },
  });
}

export const meta: Route.MetaFunction = () => adminMeta('Settings');

type SectionProps = { value: Record<string, unknown>; actionData: SettingsActionData | undefined };

/** The fields of a settings key as Conform sees them (every leaf posted as text). */
type FormOf<T> = {
  [K in keyof T]: T[K] extends readonly (infer I)[] ? (I extends object ? { [P in keyof I]: string }[] : string) : T[K] extends boolean ? string : string;
};

const NAV = SETTINGS_SECTIONS.map((key) => ({ id: `section-${key}`, title: SETTINGS_LABELS[key] }));

function CompanySection({ value, actionData }: SectionProps) {
  const { form, fields, pending } = useSettingsForm<FormOf<Settings['company']>>('company', value, actionData);
  return (
    <SettingsFormCard
      settingsKey="company"
      form={form as unknown as FormMetadata<Record<string, unknown>>}
      pending={pending}
      title={SETTINGS_LABELS.company}
      description="Shown in the header, footer, Contact and About pages, detail pages and e-mails."
      saveLabel="Save company details"
    >
      <FieldRow columns={2}>
        <TextField field={fields.name} label="Company name" required autoComplete="organization" />
        <TextField field={fields.tagline} label="Tagline" />
      </FieldRow>
      <FieldRow columns={3}>
        <TextField field={fields.phone} label="Phone" required type="tel" autoComplete="tel" />
        <TextField field={fields.email} label="E-mail" required type="email" autoComplete="email" />
        <TextField
          field={fields.whatsappNumber}
          label="WhatsApp number"
          required
          type="tel"
          hint="Saved with the country code, e.g. +91 98320 00000 (98320 00000 is read as Indian)"
        />
      </FieldRow>
      <TextareaField field={fields.address} label="Address" required rows={2} autoComplete="street-address" />
      <ListField
        form={form}
        field={fields.officeHours}
        legend="Office hours"
        description="Days on the left, hours on the right, e.g. Mon-Sat and 9:00-18:00 IST; at most 7 rows."
        itemLabel={(i) => `office hours row ${i + 1}`}
        addLabel="Add row"
        newItem={() => ({ days: '', hours: '' })}
      >
        {(item, i) => {
          const row = item.getFieldset();
          return (
            <div className="grid grid-cols-2 gap-2">
              <div className="min-w-0">
                <ListTextInput field={row.days} label={`Days, row ${i + 1}`} placeholder="Mon-Sat" />
              </div>
              <div className="min-w-0">
                <ListTextInput field={row.hours} label={`Hours, row ${i + 1}`} placeholder="9:00-18:00 IST" />
              </div>
            </div>
          );
        }}
      </ListField>
      <TextField field={fields.registrationNumber} label="Tourism registration number" />
    </SettingsFormCard>
  );
}

function RatingsSection({ value, actionData }: SectionProps) {
  const { form, fields, pending } = useSettingsForm<FormOf<Settings['ratings']>>('ratings', value, actionData);
  return (
    <SettingsFormCard
      settingsKey="ratings"
      form={form as unknown as FormMetadata<Record<string, unknown>>}
      pending={pending}
      title={SETTINGS_LABELS.ratings}
      description="The rating badges of the home page hero and the trust section."
      saveLabel="Save rating texts"
    >
      <FieldRow columns={3}>
        <TextField field={fields.rating} label="Rating" required placeholder="4.9" />
        <TextField field={fields.reviewsText} label="Reviews text" required placeholder="125+ reviews" />
        <TextField field={fields.travelersText} label="Travellers text" required placeholder="Rated by 100+ travelers" />
      </FieldRow>
    </SettingsFormCard>
  );
}

function VideoSection({ value, actionData }: SectionProps) {
  const { form, fields, pending } = useSettingsForm<FormOf<Settings['video']>>('video', value, actionData);
  return (
    <SettingsFormCard
      settingsKey="video"
      form={form as unknown as FormMetadata<Record<string, unknown>>}
      pending={pending}
      title={SETTINGS_LABELS.video}
      description="The video section of the home page."
      saveLabel="Save video"
    >
      <TextField
        field={fields.url}
        label="Video URL"
        type="url"
        inputMode="url"
        placeholder="https://www.youtube.com/watch?v=..."
        hint="A YouTube link (played muted and looping, without cookies) or a video file such as .mp4. Leave empty to hide the section."
      />
    </SettingsFormCard>
  );
}

function BannerFields({
  fields,
  noun,
}: {
  fields:
    ReturnType<typeof useSettingsForm<FormOf<Settings['promo']>>>['fields'] | ReturnType<typeof useSettingsForm<FormOf<Settings['announcement']>>>['fields'];
  noun: string;
}) {
  return (
    <>
      <CheckboxField field={fields.enabled} label={`Show the ${noun}`} />
      <TextareaField field={fields.text} label="Text" rows={2} />
      <TextField field={fields.link} label="Link" placeholder="/packages" hint="A path on this site such as /packages, or an http(s) URL; empty for no link" />
    </>
  );
}

function AnnouncementSection({ value, actionData }: SectionProps) {
  const { form, fields, pending } = useSettingsForm<FormOf<Settings['announcement']>>('announcement', value, actionData);
  return (
    <SettingsFormCard
      settingsKey="announcement"
      form={form as unknown as FormMetadata<Record<string, unknown>>}
      pending={pending}
      title={SETTINGS_LABELS.announcement}
      description="A short notice in the home page hero, e.g. permit news."
      saveLabel="Save announcement"
    >
      <BannerFields fields={fields} noun="announcement" />
    </SettingsFormCard>
  );
}

function PromoSection({ value, actionData }: SectionProps) {
  const { form, fields, pending } = useSettingsForm<FormOf<Settings['promo']>>('promo', value, actionData);
  return (
    <SettingsFormCard
      settingsKey="promo"
      form={form as unknown as FormMetadata<Record<string, unknown>>}
      pending={pending}
      title={SETTINGS_LABELS.promo}
      description="The limited-time offer bar at the bottom of public pages; visitors can dismiss it."
      saveLabel="Save promo banner"
    >
      <BannerFields fields={fields} noun="promo banner" />
      <DateField field={fields.endsOn} label="Last day" hint="The banner hides after this day (India time); empty for no end." className="sm:max-w-xs" />
    </SettingsFormCard>
  );
}

function RecentBookingToastSection({ value, actionData }: SectionProps) {
  const { form, fields, pending } = useSettingsForm<FormOf<Settings['recentBookingToast']>>('recentBookingToast', value, actionData);
  return (
    <SettingsFormCard
      settingsKey="recentBookingToast"
      form={form as unknown as FormMetadata<Record<string, unknown>>}
      pending={pending}
      title={SETTINGS_LABELS.recentBookingToast}
      description="A small note on public pages about a recent confirmed booking (first name, town and item only)."
      saveLabel="Save toast setting"
    >
      <CheckboxField field={fields.enabled} label="Show recent bookings to visitors" />
    </SettingsFormCard>
  );
}

function PoliciesSection({ value, actionData }: SectionProps) {
  const { form, fields, pending } = useSettingsForm<Record<keyof Settings['policies'], string>>('policies', value, actionData);
  const hint = 'One entry per line; blank lines are left out.';
  // Each box grows with its text (where the browser can), so every entry stays in view.
  const grow = '[&_textarea]:field-sizing-content';
  return (
    <SettingsFormCard
      settingsKey="policies"
      form={form as unknown as FormMetadata<Record<string, unknown>>}
      pending={pending}
      title={SETTINGS_LABELS.policies}
      description="One text for the whole site: package pages, rental pages, the booking page and the Contact FAQs."
      saveLabel="Save policies"
    >
      <TextareaField className={grow} field={fields.payment} label="Payment" required rows={3} hint={hint} />
      <TextareaField className={grow} field={fields.cancellation} label="Cancellation" required rows={3} hint={hint} />
      <TextareaField className={grow} field={fields.requirements} label="Requirements" rows={3} hint={`${hint} May be empty.`} />
      <TextareaField className={grow} field={fields.bikeTerms} label="Bike rental terms" required rows={5} hint={hint} />
      <TextareaField className={grow} field={fields.carTerms} label="Car rental terms" required rows={5} hint={hint} />
    </SettingsFormCard>
  );
}

function NotificationsSection({ value, actionData, companyEmail }: SectionProps & { companyEmail: string }) {
  const { form, fields, pending } = useSettingsForm<FormOf<Settings['notifications']>>('notifications', value, actionData);
  return (
    <SettingsFormCard
      settingsKey="notifications"
      form={form as unknown as FormMetadata<Record<string, unknown>>}
      pending={pending}
      title={SETTINGS_LABELS.notifications}
      description={
        <>
          Where new bookings and inquiries are announced. The e-mails wait in the{' '}
          <Link to="/admin/outbox" className="font-medium text-forest-700 underline underline-offset-2">
            outbox
          </Link>{' '}
          until sent.
        </>
      }
      saveLabel="Save notification e-mail"
    >
      <TextField
        field={fields.email}
        label="Operator notification e-mail"
        type="email"
        autoComplete="email"
        hint={`Leave empty to use the company e-mail (${companyEmail}).`}
        className="sm:max-w-md"
      />
    </SettingsFormCard>
  );
}

/** A cancellation policy's fields as Conform sees them. */
type PolicyForm = { unit: string; tiers: { before: string; refundPercent: string }[] };

/** The form of the `payments` key: numbers and lines as text, each policy a unit and rows of tiers. */
type PaymentsForm = {
  advancePercent: string;
  balanceDueDaysBeforeTravel: string;
  upiId: string;
  bankDetails: string;
  packageCancellation: PolicyForm;
  rentalCancellation: PolicyForm;
};

const UNIT_OPTIONS = [
  { value: 'days', label: 'Days (calendar days in India)' },
  { value: 'hours', label: 'Hours (to midnight of the start day, India)' },
];

/**
 * One cancellation policy: its unit and a small table of tiers (cancelled at least 'before'
 * days/hours before the start: 'refund %' of what was paid back). Rows are added and removed with
 * list intents, so it works without JavaScript. Under it, the saved policy in the travellers' words.
 */
function PolicyFields({
  form,
  field,
  legend,
  wording,
}: {
  form: ReturnType<typeof useSettingsForm<PaymentsForm>>['form'];
  field: ReturnType<typeof useSettingsForm<PaymentsForm>>['fields']['packageCancellation'];
  legend: string;
  wording: string[];
}) {
  const policy = field.getFieldset();
  return (
    <fieldset className="grid gap-3 rounded-xl border border-forest-100 p-4">
      <legend className="px-1 text-sm font-semibold text-ink">{legend}</legend>
      <SelectField field={policy.unit} label="Counted in" options={UNIT_OPTIONS} className="sm:max-w-xs" />
      <ListField
        form={form}
        field={policy.tiers}
        legend="Tiers"
        description="Each row: cancelled at least this long before the start, this share of what was paid is refunded. 0 means any time before the start."
        itemLabel={(i) => `${legend.toLowerCase()} tier ${i + 1}`}
        addLabel="Add tier"
        newItem={() => ({ before: '', refundPercent: '' })}
      >
        {(item, i) => {
          const tier = item.getFieldset();
          return (
            <div className="grid grid-cols-2 gap-2">
              <div className="min-w-0">
                <span aria-hidden className="mb-1 block text-xs text-muted">
                  Before
                </span>
                <ListTextInput field={tier.before} label={`${legend}, tier ${i + 1}: days or hours before the start`} placeholder="15" />
              </div>
              <div className="min-w-0">
                <span aria-hidden className="mb-1 block text-xs text-muted">
                  Refund %
                </span>
                <ListTextInput field={tier.refundPercent} label={`${legend}, tier ${i + 1}: refund %`} placeholder="25" />
              </div>
            </div>
          );
        }}
      </ListField>
      <div className="rounded-lg bg-mist/60 px-3 py-2 text-sm" data-policy-wording>
        <p className="font-medium text-ink">Travellers read (as saved):</p>
        <ul className="mt-1 list-disc pl-5 text-muted">
          {wording.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </fieldset>
  );
}

function PaymentsSection({ value, actionData, policyWording }: SectionProps & { policyWording: { package: string[]; rental: string[] } }) {
  const { form, fields, pending } = useSettingsForm<PaymentsForm>('payments', value, actionData);
  return (
    <SettingsFormCard
      settingsKey="payments"
      form={form as unknown as FormMetadata<Record<string, unknown>>}
      pending={pending}
      title={SETTINGS_LABELS.payments}
      description="What new quotes ask for, how travellers can pay by hand, and what comes back when they cancel. Existing bookings keep the cancellation policy they were sold under; a change here applies to bookings made from now on."
      saveLabel="Save payments and cancellations"
    >
      <FieldRow columns={2}>
        <TextField
          field={fields.advancePercent}
          label="Advance (%)"
          required
          inputMode="numeric"
          hint="Share of the quote's total asked as the advance, 0 to 100."
        />
        <TextField
          field={fields.balanceDueDaysBeforeTravel}
          label="Balance due (days before travel)"
          required
          inputMode="numeric"
          hint="Packages; a rental's balance is due at pickup."
        />
      </FieldRow>
      <TextField
        field={fields.upiId}
        label="UPI ID"
        placeholder="himalayantours@okaxis"
        hint="Shown to travellers paying by hand; leave empty for none."
        className="sm:max-w-md"
      />
      <TextareaField
        field={fields.bankDetails}
        label="Bank details"
        rows={4}
        hint="One line each: account name, account number, IFSC, bank and branch. At most 6 lines; may be empty."
      />
      <PolicyFields form={form} field={fields.packageCancellation} legend="Package cancellation" wording={policyWording.package} />
      <PolicyFields form={form} field={fields.rentalCancellation} legend="Rental cancellation" wording={policyWording.rental} />
    </SettingsFormCard>
  );
}

/** The form of the `tax` key: every field as text, each item kind its SAC and rate. */
type TaxForm = {
  legalName: string;
  gstin: string;
  address: string;
  stateCode: string;
  receiptPrefix: string;
  invoicePrefix: string;
  creditNotePrefix: string;
  prices: string;
  tourPackage: { sac: string; ratePercent: string };
  carWithDriver: { sac: string; ratePercent: string };
  selfDrive: { sac: string; ratePercent: string };
};

const STATE_OPTIONS = GST_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

const PRICE_OPTIONS = [
  { value: 'inclusive', label: 'Include GST' },
  { value: 'exclusive', label: 'Exclude GST (added on top)' },
];

/** The item kinds in the order the form shows them, with their names there. */
const ITEM_ROWS: { kind: ItemKind; name: string }[] = [
  { kind: 'tour_package', name: 'Tour package' },
  { kind: 'car_with_driver', name: 'Car with driver' },
  { kind: 'self_drive', name: 'Self-drive bike or car' },
];

/**
 * The tax settings (docs/decisions/047-invoices-gst.md#tax-settings): the supplier printed on
 * receipts and tax invoices, the series prefixes, whether prices include GST, and the SAC and rate
 * of each item kind. Without a saved GSTIN the card says plainly that only receipts are issued.
 */
function TaxSection({ value, actionData, registered }: SectionProps & { registered: boolean }) {
  const { fields, form, pending } = useSettingsForm<TaxForm>('tax', value, actionData);
  return (
    <SettingsFormCard
      settingsKey="tax"
      form={form as unknown as FormMetadata<Record<string, unknown>>}
      pending={pending}
      title={SETTINGS_LABELS.tax}
      description="Who issues the receipts and tax invoices, how they are numbered, and the SAC code and GST rate of each kind of item. The defaults are what the sources give for a Sikkim tour operator, not tax advice: have your accountant confirm each code and rate before the first invoice."
      saveLabel="Save tax settings"
    >
      <p
        role="note"
        data-gst-status={registered ? 'registered' : 'unregistered'}
        className="rounded-lg border border-forest-200 bg-forest-50 px-3 py-2 text-sm text-forest-800"
      >
        {registered
          ? 'GST registered: receipts for payments, tax invoices for bookings and credit notes for cancellations and refunds carry this GSTIN.'
          : 'No GSTIN: the site issues receipts only, no tax invoices or credit notes, as for an operator below the GST registration threshold. Enter your GSTIN here once you are registered.'}
      </p>
      <FieldRow columns={2}>
        <TextField field={fields.legalName} label="Legal name" required autoComplete="organization" hint="As registered for GST; printed on every document." />
        <TextField
          field={fields.gstin}
          label="GSTIN"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="11AAAAA0000A1Z5"
          hint="15 characters; leave empty if you are not registered for GST."
        />
      </FieldRow>
      <TextareaField field={fields.address} label="Registered address" required rows={2} autoComplete="street-address" />
      <SelectField
        field={fields.stateCode}
        label="State of the registered address"
        options={STATE_OPTIONS}
        hint="Decides CGST + SGST (a traveller from this state) or IGST (from another)."
        className="sm:max-w-md"
      />
      <FieldRow columns={3}>
        <TextField field={fields.receiptPrefix} label="Receipt prefix" required autoCapitalize="characters" placeholder="RCT" />
        <TextField field={fields.invoicePrefix} label="Invoice prefix" required autoCapitalize="characters" placeholder="INV" />
        <TextField field={fields.creditNotePrefix} label="Credit note prefix" required autoCapitalize="characters" placeholder="CN" />
      </FieldRow>
      <p className="-mt-2 text-sm text-muted">
        Numbers read PREFIX/26-27/0001, counted from 1 each financial year (1 April to 31 March). A prefix has at most {MAX_PREFIX_LENGTH} letters, digits, '-'
        or '/', so that a number stays within the 16 characters GST allows; each series needs its own.
      </p>
      <SelectField
        field={fields.prices}
        label="Prices"
        options={PRICE_OPTIONS}
        hint="Include GST: the prices travellers are quoted are what they pay. Exclude GST: quotes add GST on top of each line."
        className="sm:max-w-md"
      />
      <fieldset className="grid gap-3 rounded-xl border border-forest-100 p-4">
        <legend className="px-1 text-sm font-semibold text-ink">SAC code and GST rate per item</legend>
        {ITEM_ROWS.map(({ kind, name }) => {
          const item = fields[TAX_ITEM_FIELDS[kind]].getFieldset();
          const fallback = TAX_DEFAULTS[kind];
          return (
            <FieldRow key={kind} columns={2}>
              <TextField
                field={item.sac}
                label={`${name}: SAC code`}
                required
                inputMode="numeric"
                hint={`4 to 8 digits; default ${fallback.sac} (${fallback.label.toLowerCase()}).`}
              />
              <TextField
                field={item.ratePercent}
                label={`${name}: GST rate (%)`}
                required
                inputMode="decimal"
                hint={`0 to 28; default ${fallback.ratePercent}.`}
              />
            </FieldRow>
          );
        })}
      </fieldset>
    </SettingsFormCard>
  );
}

/** A stable key of a saved value, so a form starts again from the stored value after a save. */
const versionOf = (value: unknown) => JSON.stringify(value);

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { sections, companyEmail, policyWording, gstRegistered } = loaderData;
  const data = actionData as SettingsActionData | undefined;
  const failed = data && data.result.status === 'error' ? data.section : null;
  const props = (key: SettingsSection) => ({ value: sections[key], actionData: data });
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Settings"
        description="Company details, texts, banners and policies shown on the public site, how travellers pay, and tax. Each section saves on its own."
      />
      {failed ? (
        <p role="alert" className="rounded-lg border border-flag-red/30 bg-status-bad-bg px-4 py-3 text-sm font-medium text-status-bad-fg">
          {SETTINGS_LABELS[failed]}: nothing was saved.{' '}
          <a href={`#section-${failed}`} className="underline underline-offset-2">
            Correct the marked fields
          </a>
          .
        </p>
      ) : null}
      <SectionNav sections={NAV} />
      <div className="grid gap-6">
        <CompanySection key={versionOf(sections.company)} {...props('company')} />
        <RatingsSection key={versionOf(sections.ratings)} {...props('ratings')} />
        <VideoSection key={versionOf(sections.video)} {...props('video')} />
        <div className="grid gap-6 lg:grid-cols-2">
          <AnnouncementSection key={versionOf(sections.announcement)} {...props('announcement')} />
          <PromoSection key={versionOf(sections.promo)} {...props('promo')} />
        </div>
        <RecentBookingToastSection key={versionOf(sections.recentBookingToast)} {...props('recentBookingToast')} />
        <PoliciesSection key={versionOf(sections.policies)} {...props('policies')} />
        <NotificationsSection key={versionOf(sections.notifications)} {...props('notifications')} companyEmail={companyEmail} />
        <PaymentsSection key={versionOf(sections.payments)} {...props('payments')} policyWording={policyWording} />
        <TaxSection key={versionOf(sections.tax)} {...props('tax')} registered={gstRegistered} />
        <PermitsSection key={versionOf(sections.permits)} {...props('permits')} />
      </div>
    </div>
  );
}
