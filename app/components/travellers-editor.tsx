/**
 * The travellers of a booking and their identity documents, with the forms to add, edit and remove
 * a traveller and to upload their passport-size photo and ID scan
 * (docs/decisions/050-permits-and-manifests.md, "Travellers and their documents"). Shared by the
 * traveller's booking page (plain `<form>`s, the page has no script) and the admin booking page's
 * "Travellers" panel (React Router's `<Form>`, which works without JavaScript too): the page passes
 * the form element to use. Uploads are multipart forms with one `file` field.
 *
 * A refused form comes back with `failure` (which form, each field's message, what was typed): that
 * form shows the messages, open, with the values kept.
 */
import type { ComponentType, FormHTMLAttributes, ReactNode } from 'react';
import { buttonClass } from '~/components/ui/button';
import { Field, Input, Select } from '~/components/ui/field';
import { formatDate } from '~/lib/format';
import { countryName, countryOptions } from '~/lib/permits/countries';
import { GENDER_LABELS, GENDERS, INDIAN_NATIONALITY, type Gender, type TravellerDocumentKind } from '~/lib/permits/constants';
import type { TravellerRowView, TravellersView } from '~/models/travellers.server';
import type { TravellerFormValues } from '~/schemas/traveller';

/** A refused travellers' form (app/services/traveller-forms.server.ts `TravellerFailure`). */
export type TravellerFormFailure = { formId: string; values: Partial<TravellerFormValues>; errors: Record<string, string> };

/** The form element of the page: 'form' on the script-free traveller's page, React Router's Form on the admin. */
export type FormElement = ComponentType<FormHTMLAttributes<HTMLFormElement> & { method?: 'post'; action?: string; encType?: string; children?: ReactNode }>;

type Props = {
  view: TravellersView;
  /** Where the forms post (the page itself, at the section). */
  action: string;
  Form: FormElement | 'form';
  /** Whether the forms are shown (staff: always; the traveller: before the trip). */
  editable: boolean;
  failure: TravellerFormFailure | null;
  /** Prefix of the ids in the markup, so two editors never share one. */
  idPrefix: string;
};

const COUNTRIES_LIST_ID = 'traveller-countries';

function FormTag({
  Form,
  children,
  ...rest
}: {
  Form: FormElement | 'form';
  children: ReactNode;
  action: string;
  encType?: string;
  className?: string;
  'aria-label'?: string;
}) {
  if (Form === 'form') {
    return (
      <form method="post" {...rest}>
        {children}
      </form>
    );
  }
  return (
    <Form method="post" {...rest}>
      {children}
    </Form>
  );
}

/** The traveller's details as a short description list. */
function TravellerDetails({ t }: { t: TravellerRowView }) {
  const indian = t.nationality === INDIAN_NATIONALITY;
  const rows: [string, string][] = [
    ['Gender', GENDER_LABELS[t.gender as Gender] ?? t.gender],
    ['Date of birth', formatDate(t.dateOfBirth)],
    ['Nationality', countryName(t.nationality)],
    ...(indian
      ? ([['ID', `${t.idTypeLabel} ${t.idNumber}`.trim()]] as [string, string][])
      : ([
          ['Passport', t.passportNumber],
          ['Visa', t.visaNumber],
        ] as [string, string][])),
  ];
  return (
    <dl className="mt-1 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="break-words text-ink">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The fields of a traveller (add and edit forms). */
function TravellerFields({
  prefix,
  values,
  errors,
  idTypes,
}: {
  prefix: string;
  values: Partial<TravellerFormValues>;
  errors: Record<string, string>;
  idTypes: TravellersView['idTypes'];
}) {
  const err = (name: keyof TravellerFormValues) => (errors[name] ? [errors[name]!] : undefined);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${prefix}-name`} label="Full name as on the ID" required errors={err('fullName')} className="sm:col-span-2">
          {(a11y) => <Input {...a11y} name="fullName" defaultValue={values.fullName ?? ''} maxLength={120} autoComplete="off" required />}
        </Field>
        <Field id={`${prefix}-gender`} label="Gender" required errors={err('gender')}>
          {(a11y) => (
            <Select {...a11y} name="gender" defaultValue={values.gender ?? ''} required>
              <option value="">Choose</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {GENDER_LABELS[g]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={`${prefix}-dob`} label="Date of birth" required errors={err('dateOfBirth')}>
          {(a11y) => <Input {...a11y} type="date" name="dateOfBirth" defaultValue={values.dateOfBirth ?? ''} required />}
        </Field>
        <Field
          id={`${prefix}-nationality`}
          label="Nationality"
          required
          hint="Two-letter country code: IN for India (type a country's name to find it)."
          errors={err('nationality')}
          className="sm:col-span-2"
        >
          {(a11y) => (
            <Input
              {...a11y}
              name="nationality"
              list={COUNTRIES_LIST_ID}
              defaultValue={values.nationality ?? INDIAN_NATIONALITY}
              maxLength={2}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              required
              className="max-w-40"
            />
          )}
        </Field>
      </div>
      <fieldset className="mt-2 rounded-lg border border-forest-100 p-4">
        <legend className="px-1 text-sm font-semibold text-ink">Indian nationals</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${prefix}-idtype`} label="ID document" errors={err('idType')}>
            {(a11y) => (
              <Select {...a11y} name="idType" defaultValue={values.idType ?? ''}>
                <option value="">Choose</option>
                {idTypes.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={`${prefix}-idnumber`} label="ID number" errors={err('idNumber')}>
            {(a11y) => <Input {...a11y} name="idNumber" defaultValue={values.idNumber ?? ''} maxLength={40} autoComplete="off" spellCheck={false} />}
          </Field>
        </div>
      </fieldset>
      <fieldset className="mt-2 rounded-lg border border-forest-100 p-4">
        <legend className="px-1 text-sm font-semibold text-ink">Foreign nationals</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${prefix}-passport`} label="Passport number" errors={err('passportNumber')}>
            {(a11y) => (
              <Input {...a11y} name="passportNumber" defaultValue={values.passportNumber ?? ''} maxLength={20} autoComplete="off" spellCheck={false} />
            )}
          </Field>
          <Field id={`${prefix}-visa`} label="Visa number" errors={err('visaNumber')}>
            {(a11y) => <Input {...a11y} name="visaNumber" defaultValue={values.visaNumber ?? ''} maxLength={40} autoComplete="off" spellCheck={false} />}
          </Field>
        </div>
      </fieldset>
    </>
  );
}

function FormError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="rounded-lg border border-flag-red/30 bg-status-bad-bg px-4 py-3 text-sm font-medium text-status-bad-fg">
      {message}
    </p>
  ) : null;
}

/** One upload form (photo or ID scan) of a traveller. */
function UploadForm({
  t,
  kind,
  action,
  Form,
  failure,
  idPrefix,
  limits,
}: {
  t: TravellerRowView;
  kind: TravellerDocumentKind;
  action: string;
  Form: FormElement | 'form';
  failure: TravellerFormFailure | null;
  idPrefix: string;
  limits: TravellersView['limits'];
}) {
  const label = kind === 'photo' ? 'Passport-size photo' : 'ID scan';
  const has = kind === 'photo' ? t.photoUrl : t.idScanUrl;
  const errors = failure?.formId === `${t.id}-${kind}` ? failure.errors : {};
  const id = `${idPrefix}-${t.id}-${kind}`;
  return (
    <FormTag Form={Form} action={action} encType="multipart/form-data" className="flex flex-col gap-2" aria-label={`${label} of ${t.fullName}`}>
      <input type="hidden" name="intent" value="traveller-document" />
      <input type="hidden" name="travellerId" value={t.id} />
      <input type="hidden" name="kind" value={kind} />
      <Field
        id={id}
        label={kind === 'photo' ? 'Choose the passport-size photo' : 'Choose the ID scan'}
        hint={`JPEG, PNG or WebP; we convert it to ${limits.formats}, ${limits.minKb}-${limits.maxKb} KB, for the permit office.`}
        errors={errors.file ? [errors.file] : errors.form ? [errors.form] : undefined}
      >
        {(a11y) => <input {...a11y} type="file" name="file" accept="image/jpeg,image/png,image/webp" required className="block w-full text-sm" />}
      </Field>
      <div>
        <button type="submit" className={buttonClass('outline', 'sm')}>
          {`${has ? 'Replace' : 'Upload'} ${kind === 'photo' ? 'photo' : 'ID scan'}`}
          <span className="sr-only">{` of ${t.fullName}`}</span>
        </button>
      </div>
    </FormTag>
  );
}

function Thumbnail({ url, alt, label }: { url: string | null; alt: string; label: string }) {
  if (!url) {
    return (
      <span className="flex h-24 w-20 items-center justify-center rounded border border-dashed border-stone-300 bg-mist p-1 text-center text-xs text-muted">
        {`No ${label}`}
      </span>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener" className="block">
      <img src={url} alt={alt} width={80} height={96} className="h-24 w-20 rounded border border-forest-100 object-cover" />
    </a>
  );
}

/** The travellers' list and forms (see the module comment). */
export function TravellersEditor({ view, action, Form, editable, failure, idPrefix }: Props) {
  const addOpen = failure?.formId === 'add';
  const addValues = addOpen ? failure.values : {};
  const addErrors = addOpen ? failure.errors : {};
  return (
    <div className="flex flex-col gap-4">
      {editable ? (
        <datalist id={COUNTRIES_LIST_ID}>
          {countryOptions().map((c) => (
            <option key={c.code} value={c.code} label={c.name} />
          ))}
        </datalist>
      ) : null}
      {view.travellers.length === 0 ? (
        <p className="text-muted">No travellers yet.</p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Travellers">
          {view.travellers.map((t) => {
            const mine = failure && (failure.formId === t.id || failure.formId.startsWith(`${t.id}-`)) ? failure : null;
            const editing = mine?.formId === t.id;
            const missing = [!t.detailsComplete && 'details', !t.photoUrl && 'photo', !t.idScanUrl && 'ID scan'].filter(Boolean) as string[];
            return (
              <li key={t.id} className="rounded-lg border border-forest-100 p-4" aria-label={`Traveller ${t.position}: ${t.fullName}`}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="font-semibold text-ink">
                      {t.position}. {t.fullName}
                    </h3>
                    <TravellerDetails t={t} />
                    <p className={missing.length === 0 ? 'mt-2 text-sm font-semibold text-status-ok-fg' : 'mt-2 text-sm text-status-pending-fg'}>
                      {t.documentsDeleted && !t.photoUrl && !t.idScanUrl
                        ? 'Documents deleted after the trip.'
                        : missing.length === 0
                          ? 'Complete'
                          : `Missing: ${missing.join(', ')}`}
                    </p>
                  </div>
                  <div className="flex gap-3">
                    <Thumbnail url={t.photoUrl} alt={`Passport-size photo of ${t.fullName}`} label="photo" />
                    <Thumbnail url={t.idScanUrl} alt={`ID scan of ${t.fullName}`} label="ID scan" />
                  </div>
                </div>
                {editable ? (
                  <div className="mt-4 flex flex-col gap-4">
                    <div className="grid gap-4 sm:grid-cols-2">
                      <UploadForm t={t} kind="photo" action={action} Form={Form} failure={mine} idPrefix={idPrefix} limits={view.limits} />
                      <UploadForm t={t} kind="id_scan" action={action} Form={Form} failure={mine} idPrefix={idPrefix} limits={view.limits} />
                    </div>
                    <details open={editing} className="rounded-lg bg-mist/60 p-3">
                      <summary className="min-h-11 cursor-pointer content-center font-semibold text-forest-700">{`Edit ${t.fullName}'s details`}</summary>
                      <FormTag Form={Form} action={action} className="mt-3 flex flex-col gap-3" aria-label={`Edit ${t.fullName}`}>
                        <input type="hidden" name="intent" value="traveller-edit" />
                        <input type="hidden" name="travellerId" value={t.id} />
                        <FormError message={editing ? mine?.errors.form : undefined} />
                        <TravellerFields
                          prefix={`${idPrefix}-${t.id}`}
                          values={editing ? mine!.values : t}
                          errors={editing ? mine!.errors : {}}
                          idTypes={view.idTypes}
                        />
                        <div>
                          <button type="submit" className={buttonClass('primary', 'md')}>
                            Save details<span className="sr-only">{` of ${t.fullName}`}</span>
                          </button>
                        </div>
                      </FormTag>
                    </details>
                    <details className="rounded-lg p-1">
                      <summary className="min-h-11 cursor-pointer content-center text-sm font-semibold text-flag-red">{`Remove ${t.fullName}`}</summary>
                      <FormTag Form={Form} action={action} className="mt-2 flex flex-wrap items-center gap-3">
                        <input type="hidden" name="intent" value="traveller-remove" />
                        <input type="hidden" name="travellerId" value={t.id} />
                        <p className="text-sm text-ink">Their details, photo and ID scan will be deleted.</p>
                        <button type="submit" className={buttonClass('outline', 'sm')}>
                          Yes, remove {t.fullName}
                        </button>
                      </FormTag>
                    </details>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}

      {editable && view.travellers.length < view.maxTravellers ? (
        <details open={addOpen || view.travellers.length === 0} className="rounded-lg border border-forest-200 p-4">
          <summary className="min-h-11 cursor-pointer content-center font-semibold text-forest-700">Add a traveller</summary>
          <FormTag Form={Form} action={action} className="mt-3 flex flex-col gap-3" aria-label="Add a traveller">
            <input type="hidden" name="intent" value="traveller-add" />
            <FormError message={addErrors.form} />
            <TravellerFields prefix={`${idPrefix}-add`} values={addValues} errors={addErrors} idTypes={view.idTypes} />
            <div>
              <button type="submit" className={buttonClass('primary', 'md')}>
                Add traveller
              </button>
            </div>
          </FormTag>
        </details>
      ) : null}
    </div>
  );
}
