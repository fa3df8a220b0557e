/**
 * /contact (docs/product.md#contact-form, docs/decisions/007-one-policy-text.md): call card, office
 * hours, message form, map, address and four FAQs whose answers come from the policy settings. The
 * message is stored as a `contact` inquiry. Works without JavaScript (route action, field errors,
 * confirmation).
 */
import { getFormProps, useForm } from '@conform-to/react';
import { useEffect, useRef } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { toast } from '~/components/ui/toast';
import { HoneypotField } from '~/components/site/forms/honeypot-field';
import { useDeferredValidation } from '~/components/site/forms/use-deferred-validation';
import { OfficeMap, openStreetMapLink } from '~/components/ui/office-map';
import { PageHeader } from '~/components/site/page-header';
import { buttonClass } from '~/components/ui/button';
import { Field, Input, Textarea } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { pageMeta } from '~/lib/meta';
import { handlePageSubmission } from '~/infrastructure/submissions.server';
import { formatPhone, telLink } from '~/lib/whatsapp';
import { whatsappGoHref } from '~/lib/whatsapp-leads';
import { createInquiry } from '~/models/inquiry.server';
import { getPublicSettings, travelPolicies } from '~/models/settings.server';
import { contactFormSchema } from '~/schemas/contact';
import type { Settings, TravelPolicies } from '~/schemas/settings';
import { LIMITS } from '~/schemas/submission-limits';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = () => pageMeta('Contact Us', 'Call, message or visit our Gangtok office. We answer every message within 24 hours.');

export async function loader() {
  const { company, map, policies } = await getPublicSettings(['company', 'map', 'policies']);
  // Only the travel policies the FAQs quote: the rental terms would ride along in the page unused.
  return { company, map, policies: travelPolicies(policies) };
}

export async function action({ request }: Route.ActionArgs) {
  const outcome = await handlePageSubmission(request, contactFormSchema, createInquiry);
  return data(outcome.sent ? { sent: outcome.sent } : { result: outcome.result }, { status: outcome.status, headers: outcome.headers });
}

const SENT_TITLE = 'Message Sent Successfully!';
const SENT_TEXT = "Thank you for contacting us. We'll review your message and respond within 24 hours.";

/**
 * The four FAQs (the same policy text as the package and booking pages,
 * docs/decisions/007-one-policy-text.md).
 */
function faqs(policies: TravelPolicies, company: Settings['company']) {
  return [
    {
      q: 'How do I book a tour?',
      a: [
        `Send the form on our Book Your Tour page, call ${formatPhone(company.phone)} or message us on WhatsApp. We reply within 24 hours with an itinerary and a price; the booking is confirmed once the advance is paid.`,
      ],
    },
    { q: 'What are the payment terms?', a: policies.payment },
    { q: 'What is your cancellation policy?', a: policies.cancellation },
    {
      q: 'Do I need permits or documents?',
      a: ['North Sikkim, Tsomgo Lake and Nathula need protected-area permits; we arrange them for you.', ...policies.requirements],
    },
  ];
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { company, map, policies } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formAction?.startsWith('/contact') === true;
  const sent = actionData && 'sent' in actionData ? actionData.sent : undefined;
  const [form, fields] = useForm({
    id: 'contact-form',
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: useDeferredValidation('contact-form', () => import('~/schemas/contact').then((m) => m.contactFormSchema)),
  });

  // With JavaScript: the spec's success toast and a reset form (the confirmation stays above it).
  const announced = useRef<unknown>(null);
  useEffect(() => {
    if (sent && announced.current !== sent) {
      announced.current = sent;
      toast.success(SENT_TITLE, { description: SENT_TEXT });
      form.reset();
    }
  }, [sent, form]);

  return (
    <>
      <PageHeader eyebrow="Contact" title="Contact Us" intro="Call, message or visit our Gangtok office. We answer every message within 24 hours." />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[22rem_1fr]">
        <aside className="flex flex-col gap-6" aria-label="Contact details">
          <div className="rounded-card bg-forest-700 p-6 text-white">
            <h2 className="side-title">
              <Icon name="phone" className="text-inherit" /> Call us
            </h2>
            <p className="mt-1 text-forest-100">Talk to a local travel expert.</p>
            <a href={telLink(company.phone)} className="mt-3 block text-2xl font-semibold underline-offset-4 hover:underline">
              {formatPhone(company.phone)}
            </a>
            <div className="mt-4 flex flex-col gap-2">
              <a
                // Through /go/whatsapp, which counts the click (docs/decisions/049-whatsapp-leads.md).
                href={whatsappGoHref({ topic: 'tours', from: '/contact' })}
                target="_blank"
                rel="noopener"
                className={buttonClass('whatsapp', 'md')}
              >
                <Icon name="message-circle" className="size-4" /> WhatsApp us
              </a>
              <a href={`mailto:${company.email}`} className={buttonClass('outlineLight')}>
                <Icon name="mail" className="size-4" /> {company.email}
              </a>
            </div>
          </div>
          <div className="rounded-card bg-mist p-6">
            <h2 className="side-title">
              <Icon name="clock" /> Office hours
            </h2>
            <dl className="mt-3 space-y-2">
              {company.officeHours.map((h) => (
                <div key={h.days} className="flex justify-between gap-4">
                  <dt className="font-medium">{h.days}</dt>
                  <dd className="text-muted">{h.hours}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="rounded-card bg-mist p-6">
            <h2 className="side-title">
              <Icon name="map-pin" /> Visit us
            </h2>
            <address className="mt-2 not-italic">{company.address}</address>
            <a
              href={openStreetMapLink(map)}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-block font-medium text-forest-700 underline-offset-4 hover:underline"
            >
              Open in OpenStreetMap
            </a>
          </div>
        </aside>

        <section aria-labelledby="message-heading" className="card p-5 shadow-sm md:p-8">
          <h2 id="message-heading" className="text-2xl font-semibold">
            Send us a message
          </h2>
          <p className="mt-1 text-muted">Fields marked * are required.</p>
          {sent ? (
            <div role="status" className="mt-5 flex items-start gap-3 rounded-xl border border-flag-green/30 bg-flag-green/5 p-4">
              <Icon name="circle-check" className="mt-0.5 size-6 shrink-0 text-flag-green" />
              <div>
                <p className="font-semibold">{SENT_TITLE}</p>
                <p className="text-muted">{SENT_TEXT}</p>
                {sent.reference ? <p className="mt-1 text-sm">Your reference: #{sent.reference}</p> : null}
              </div>
            </div>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-5 sm:grid-cols-2">
            <HoneypotField />
            <input type="hidden" name="type" value="contact" />
            <Field id={fields.name.id} label="Full name" errors={fields.name.errors} required>
              {(a11y) => (
                <Input
                  {...a11y}
                  name={fields.name.name}
                  key={fields.name.key}
                  defaultValue={fields.name.initialValue}
                  autoComplete="name"
                  required
                  maxLength={LIMITS.name}
                />
              )}
            </Field>
            <Field id={fields.email.id} label="Email" errors={fields.email.errors} required>
              {(a11y) => (
                <Input
                  {...a11y}
                  type="email"
                  name={fields.email.name}
                  key={fields.email.key}
                  defaultValue={fields.email.initialValue}
                  autoComplete="email"
                  required
                  maxLength={LIMITS.email}
                />
              )}
            </Field>
            <Field id={fields.phone.id} label="Phone" errors={fields.phone.errors} hint="Optional">
              {(a11y) => (
                <Input
                  {...a11y}
                  type="tel"
                  inputMode="tel"
                  name={fields.phone.name}
                  key={fields.phone.key}
                  defaultValue={fields.phone.initialValue}
                  autoComplete="tel"
                  maxLength={LIMITS.phone}
                />
              )}
            </Field>
            <Field id={fields.subject.id} label="Subject" errors={fields.subject.errors} required>
              {(a11y) => (
                <Input
                  {...a11y}
                  name={fields.subject.name}
                  key={fields.subject.key}
                  defaultValue={fields.subject.initialValue}
                  required
                  maxLength={LIMITS.subject}
                />
              )}
            </Field>
            <Field id={fields.message.id} label="Message" errors={fields.message.errors} required className="sm:col-span-2">
              {(a11y) => (
                <Textarea
                  {...a11y}
                  name={fields.message.name}
                  key={fields.message.key}
                  defaultValue={fields.message.initialValue}
                  rows={6}
                  required
                  maxLength={LIMITS.message}
                />
              )}
            </Field>
            <FormError id={form.errorId} errors={form.errors} className="sm:col-span-2" />
            <div className="sm:col-span-2">
              <button type="submit" className={buttonClass('primary', 'lg', 'w-full sm:w-auto')} disabled={pending}>
                {pending ? 'Sending…' : 'Send Message'}
              </button>
            </div>
          </Form>
        </section>
      </div>

      <section aria-labelledby="map-heading" className="container-page pb-12">
        <h2 id="map-heading" className="text-2xl font-semibold">
          Find us in Gangtok
        </h2>
        <OfficeMap map={map} className="mt-4 h-80 md:h-96" />
      </section>

      <section aria-labelledby="faq-heading" className="bg-mist">
        <div className="mx-auto max-w-3xl px-4 py-12 md:px-6">
          <h2 id="faq-heading" className="text-3xl font-semibold">
            Frequently asked questions
          </h2>
          {/* Each question's look is in app/app.css (.faq). */}
          <div className="faq mt-6 divide-y divide-forest-100 rounded-card bg-white">
            {faqs(policies, company).map((faq) => (
              <details key={faq.q}>
                <summary>
                  {faq.q}
                  <span aria-hidden>+</span>
                </summary>
                <div>
                  {faq.a.map((line) => (
                    <p key={line}>{line}</p>
                  ))}
                </div>
              </details>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
