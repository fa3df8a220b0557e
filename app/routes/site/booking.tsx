/**
 * /booking, Book Your Tour (docs/product.md#book-your-tour,
 * docs/decisions/025-two-stores-for-everything-visitors-send.md): the request form, the confirmation view and the side
 * info. Stored as a `package` booking with adults and children ('custom' = a tour of the
 * traveller's own). Works without JavaScript: the route action validates with the same zod schema
 * as the API and answers field errors or the confirmation. `?package=<id>` chooses the package: a
 * package's 'Book Now' links here (docs/architecture.md, "Controls before and after hydration").
 */
import { getFormProps, useForm } from '@conform-to/react';
import { data, Form, Link, useNavigation } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { toast } from '~/components/ui/toast';
import { HoneypotField } from '~/components/site/forms/honeypot-field';
import { PublicityConsentField } from '~/components/site/forms/publicity-consent-field';
import { useDeferredValidation } from '~/components/site/forms/use-deferred-validation';
import { PageHeader } from '~/components/site/page-header';
import { PreferToTalk } from '~/components/site/prefer-to-talk';
import { buttonClass } from '~/components/ui/button';
import { Field, Input, Select, Textarea } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { todayInIndia } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { handlePageSubmission } from '~/infrastructure/submissions.server';
import { createBooking } from '~/models/booking.server';
import { listPackageOptions } from '~/models/package.server';
import { getPublicSettings, travelPolicies } from '~/models/settings.server';
import { sharedContent } from '~/lib/public-content.server';
import { tourRequestSchema } from '~/schemas/booking';
import { addYears, CUSTOM_TOUR, CUSTOM_TOUR_NAME, LIMITS, MAX_YEARS_AHEAD, PACKAGE_REQUIRED_MESSAGE } from '~/schemas/submission-limits';
import type { Route } from './+types/booking';

export const meta: Route.MetaFunction = () =>
  pageMeta('Book Your Tour', 'Send a tour request for Sikkim and Darjeeling: choose a package or a custom tour, your date and group size.');

export async function loader({ request }: Route.LoaderArgs) {
  const [packages, settings] = await Promise.all([sharedContent('package options', () => listPackageOptions()), getPublicSettings(['policies', 'company'])]);
  // ?package=<id>: a package's Book Now before (or without) scripts, the package chosen.
  const asked = new URL(request.url).searchParams.get('package');
  const chosen = packages.some((p) => p.id === asked) ? asked : null;
  return { packages, chosen, policies: travelPolicies(settings.policies), company: settings.company };
}

export async function action({ request }: Route.ActionArgs) {
  const outcome = await handlePageSubmission(request, tourRequestSchema, createBooking);
  return data(outcome.sent ? { sent: outcome.sent } : { result: outcome.result }, { status: outcome.status, headers: outcome.headers });
}

function Confirmation({ reference }: { reference: string | null }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 card p-8 text-center shadow-sm md:p-12">
      <Icon name="circle-check" className="size-16 text-flag-green" />
      <h2 className="text-3xl font-semibold">Booking Request Sent!</h2>
      <p className="max-w-md text-lg text-muted">We&apos;ve received your request and will contact you within 24 hours.</p>
      {reference ? (
        <p className="rounded-full bg-mist px-4 py-2 text-sm">
          Your reference: <strong className="font-mono tracking-wider">#{reference}</strong>
        </p>
      ) : null}
      <Link to="/booking" className={buttonClass('primary', 'lg', 'mt-2')}>
        Make Another Inquiry
      </Link>
    </div>
  );
}

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  const { packages, chosen, policies, company } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formAction?.startsWith('/booking') === true;
  const [form, fields] = useForm({
    id: 'book-your-tour',
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: useDeferredValidation('book-your-tour', () => import('~/schemas/booking').then((m) => m.tourRequestSchema)),
  });
  const today = todayInIndia();
  const packageMissing = fields.itemId.errors?.includes(PACKAGE_REQUIRED_MESSAGE) ?? false;
  const formProps = getFormProps(form);

  return (
    <>
      <PageHeader
        eyebrow="Plan your Himalayan journey"
        title="Book Your Tour"
        intro="Tell us the tour, the date and who is coming. A local travel expert replies within 24 hours with a plan and a price."
      />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="request-heading">
          {actionData && 'sent' in actionData && actionData.sent ? (
            <Confirmation reference={actionData.sent.reference} />
          ) : (
            <div className="card p-5 shadow-sm md:p-8">
              <h2 id="request-heading" className="text-2xl font-semibold">
                Booking request
              </h2>
              <p className="mt-1 text-muted">Fields marked * are required.</p>
              {packageMissing ? (
                <div role="alert" className="mt-4 rounded-xl border border-flag-red/30 bg-flag-red/5 px-4 py-3 text-flag-red">
                  <p className="font-semibold">Package Selection Required</p>
                  <p className="text-sm">{PACKAGE_REQUIRED_MESSAGE}</p>
                </div>
              ) : null}
              <Form
                method="post"
                {...formProps}
                onSubmit={(event) => {
                  if (!new FormData(event.currentTarget).get('itemId')) {
                    toast.error('Package Selection Required', { description: PACKAGE_REQUIRED_MESSAGE });
                  }
                  formProps.onSubmit(event);
                }}
                className="mt-6 grid gap-5 sm:grid-cols-2"
              >
                <HoneypotField />
                <input type="hidden" name="type" value="package" />
                <Field id={fields.name.id} label="Full name" errors={fields.name.errors} required className="sm:col-span-2">
                  {(a11y) => (
                    <Input {...a11y} name={fields.name.name} defaultValue={fields.name.initialValue} autoComplete="name" required maxLength={LIMITS.name} />
                  )}
                </Field>
                <Field id={fields.email.id} label="Email" errors={fields.email.errors} required>
                  {(a11y) => (
                    <Input
                      {...a11y}
                      type="email"
                      name={fields.email.name}
                      defaultValue={fields.email.initialValue}
                      autoComplete="email"
                      required
                      maxLength={LIMITS.email}
                    />
                  )}
                </Field>
                <Field id={fields.phone.id} label="Phone" errors={fields.phone.errors} required>
                  {(a11y) => (
                    <Input
                      {...a11y}
                      type="tel"
                      inputMode="tel"
                      name={fields.phone.name}
                      defaultValue={fields.phone.initialValue}
                      autoComplete="tel"
                      placeholder="+91 98000 00000"
                      required
                      maxLength={LIMITS.phone}
                    />
                  )}
                </Field>
                <Field id={fields.itemId.id} label="Tour package" errors={fields.itemId.errors} required className="sm:col-span-2">
                  {(a11y) => (
                    <Select {...a11y} name={fields.itemId.name} defaultValue={fields.itemId.initialValue ?? chosen ?? ''}>
                      <option value="">Select a tour package</option>
                      {packages.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.title}
                        </option>
                      ))}
                      <option value={CUSTOM_TOUR}>{CUSTOM_TOUR_NAME}</option>
                    </Select>
                  )}
                </Field>
                <Field id={fields.startDate.id} label="Travel date" errors={fields.startDate.errors} required className="sm:col-span-2">
                  {(a11y) => (
                    <Input
                      {...a11y}
                      type="date"
                      name={fields.startDate.name}
                      defaultValue={fields.startDate.initialValue}
                      min={today}
                      max={addYears(today, MAX_YEARS_AHEAD)}
                      required
                    />
                  )}
                </Field>
                <Field id={fields.adults.id} label="Adults" errors={fields.adults.errors} required>
                  {(a11y) => (
                    <Input
                      {...a11y}
                      type="number"
                      inputMode="numeric"
                      name={fields.adults.name}
                      defaultValue={String(fields.adults.initialValue ?? '1')}
                      min={1}
                      max={50}
                      required
                    />
                  )}
                </Field>
                <Field id={fields.children.id} label="Children" errors={fields.children.errors} hint="Ages 0-12">
                  {(a11y) => (
                    <Input
                      {...a11y}
                      type="number"
                      inputMode="numeric"
                      name={fields.children.name}
                      defaultValue={String(fields.children.initialValue ?? '0')}
                      min={0}
                      max={50}
                    />
                  )}
                </Field>
                <Field
                  id={fields.message.id}
                  label="Message"
                  errors={fields.message.errors}
                  hint="Optional: hotel category, special interests, pickup point"
                  className="sm:col-span-2"
                >
                  {(a11y) => <Textarea {...a11y} name={fields.message.name} defaultValue={fields.message.initialValue} rows={4} maxLength={LIMITS.message} />}
                </Field>
                <PublicityConsentField field={fields.publicityConsent} />
                <FormError id={form.errorId} errors={form.errors} className="sm:col-span-2" />
                <div className="sm:col-span-2">
                  <button type="submit" className={buttonClass('primary', 'lg', 'w-full sm:w-auto')} disabled={pending}>
                    {pending ? 'Sending…' : 'Send Booking Request'}
                  </button>
                </div>
              </Form>
            </div>
          )}
        </section>

        <aside className="flex flex-col gap-6" aria-label="Booking information">
          <div className="rounded-card bg-mist p-6">
            <h2 className="side-title">
              <Icon name="clock" /> What happens next
            </h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-[0.95rem]">
              <li>We reply within 24 hours with an itinerary and a price.</li>
              <li>You confirm with the advance payment.</li>
              <li>We arrange permits, hotels and your driver.</li>
            </ol>
          </div>
          <div className="policy-lists rounded-card bg-mist p-6">
            <h2 className="side-title">
              <Icon name="shield-check" /> Payment &amp; cancellation
            </h2>
            <h3>Payment</h3>
            <ul>
              {policies.payment.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
            <h3>Cancellation</h3>
            <ul>
              {policies.cancellation.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
            {policies.requirements.length > 0 ? (
              <>
                <h3>Bring along</h3>
                <ul>
                  {policies.requirements.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
          <PreferToTalk company={company} whatsappText="Hello! I'd like to plan a tour." />
        </aside>
      </div>
    </>
  );
}
