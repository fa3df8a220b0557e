/**
 * /inquire: the inquiry form as a page (docs/product.md#inquiry-dialog), with the tab in the address
 * (`?tab=packages|cabs|rentals`). It does the inquiry dialog's job where the dialog cannot open: the
 * header's 'Book Now', the hero's 'Inquire Now' and every other inquiry control link here, and open
 * the dialog in place instead once the page's scripts run (docs/architecture.md, "Controls before
 * and after hydration"). Without JavaScript the tabs are links and the form posts to this route's
 * action, which validates with the same schemas as POST /api/inquiries and stores the same record;
 * the confirmation offers the WhatsApp hand-off as a link.
 */
import { getFormProps, useForm } from '@conform-to/react';
import { data, Form, Link, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import {
  INQUIRY_TABS,
  InquiryTabFields,
  inquiryTab,
  inquiryWhatsAppFields,
  TAB_ICON,
  TAB_LABEL,
  type InquiryFieldSet,
} from '~/components/site/forms/inquiry-fields';
import { inquiryWhatsAppText } from '~/components/site/forms/inquiry-whatsapp';
import { useDeferredValidation } from '~/components/site/forms/use-deferred-validation';
import { PageHeader } from '~/components/site/page-header';
import { PreferToTalk } from '~/components/site/prefer-to-talk';
import { pageMeta } from '~/lib/meta';
import { handlePageSubmission } from '~/infrastructure/submissions.server';
import { whatsappLink } from '~/lib/whatsapp';
import { listCatalogOptions } from '~/models/catalog-options.server';
import { createInquiry } from '~/models/inquiry.server';
import { getPublicSettings } from '~/models/settings.server';
import { tripInquirySchema } from '~/schemas/inquiry';
import type { Route } from './+types/inquire';

export const meta: Route.MetaFunction = () =>
  pageMeta('Plan Your Trip', 'Ask about a tour package, a cab or a bike rental in Sikkim and Darjeeling. We reply within 24 hours.');

/** The tab this address asks for (`?tab=`); anything else is the packages tab. */
function tabOf(request: Request) {
  return inquiryTab(new URL(request.url).searchParams.get('tab'));
}

export async function loader({ request }: Route.LoaderArgs) {
  const [options, settings] = await Promise.all([listCatalogOptions(), getPublicSettings(['company'])]);
  return { tab: tabOf(request), options, company: settings.company };
}

export async function action({ request }: Route.ActionArgs) {
  let whatsapp: string | null = null;
  const outcome = await handlePageSubmission(request, tripInquirySchema, async (input) => {
    const record = await createInquiry(input);
    const [options, { company }] = await Promise.all([listCatalogOptions(), getPublicSettings(['company'])]);
    whatsapp = whatsappLink(company.whatsappNumber, inquiryWhatsAppText(input.type, inquiryWhatsAppFields(input.type, input, options)));
    return record;
  });
  return data(outcome.sent ? { sent: { ...outcome.sent, whatsapp } } : { result: outcome.result }, { status: outcome.status, headers: outcome.headers });
}

const SENT_TITLE = "Thank you! We'll get back to you soon.";

function Confirmation({ reference, whatsapp }: { reference: string | null; whatsapp: string | null }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 card p-8 text-center shadow-sm md:p-12">
      <Icon name="circle-check" className="size-16 text-flag-green" />
      <h2 className="text-3xl font-semibold">{SENT_TITLE}</h2>
      <p className="max-w-md text-lg text-muted">Your inquiry is saved and our team will reply within 24 hours. Continue the chat on WhatsApp if you like.</p>
      {reference ? (
        <p className="rounded-full bg-mist px-4 py-2 text-sm">
          Your reference: <strong className="font-mono tracking-wider">#{reference}</strong>
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {whatsapp ? (
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass('whatsapp', 'lg')}>
            <Icon name="message-circle" className="size-5" />
            Continue on WhatsApp
          </a>
        ) : null}
        <Link to="/inquire" className={buttonClass('outline', 'lg')}>
          Send Another Inquiry
        </Link>
      </div>
    </div>
  );
}

export default function Inquire({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, options, company } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formAction?.startsWith('/inquire') === true;
  // Not the dialog's ids (inquiry-<tab>): the dialog can be opened on this page too.
  const formId = `inquire-${tab}`;
  const [form, fields] = useForm({
    id: formId,
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: useDeferredValidation(formId, () => import('~/schemas/inquiry').then((m) => m.tripInquirySchema)),
  });
  const sent = actionData && 'sent' in actionData ? actionData.sent : null;

  return (
    <>
      <PageHeader
        eyebrow="Plan your trip with us"
        title="Send an Inquiry"
        intro="Tell us what you have in mind: a tour, a cab or a bike. We reply within 24 hours, and you can continue on WhatsApp."
      />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="inquiry-heading">
          {sent ? (
            <Confirmation reference={sent.reference} whatsapp={sent.whatsapp} />
          ) : (
            <div className="card p-5 shadow-sm md:p-8">
              <h2 id="inquiry-heading" className="text-2xl font-semibold">
                What would you like to ask about?
              </h2>
              <nav aria-label="Inquiry type" className="mt-4">
                <ul className="filter-pills flex flex-wrap gap-2">
                  {INQUIRY_TABS.map((t) => (
                    <li key={t}>
                      <Link
                        to={t === 'packages' ? '/inquire' : `/inquire?tab=${t}`}
                        replace
                        preventScrollReset
                        aria-current={t === tab ? 'page' : undefined}
                        className="gap-2"
                      >
                        {TAB_ICON[t]}
                        {TAB_LABEL[t]}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
              <p className="mt-4 text-muted">Fields marked * are required.</p>
              <Form
                method="post"
                action={tab === 'packages' ? '/inquire' : `/inquire?tab=${tab}`}
                {...getFormProps(form)}
                key={tab}
                className="mt-4 grid gap-4 sm:grid-cols-2"
              >
                <InquiryTabFields
                  tab={tab}
                  fields={fields as unknown as InquiryFieldSet}
                  formErrorId={form.errorId}
                  formErrors={form.errors}
                  options={options}
                />
                <div className="sm:col-span-2">
                  <button type="submit" className={buttonClass('primary', 'lg', 'w-full sm:w-auto')} disabled={pending}>
                    {pending ? 'Sending…' : 'Send Inquiry'}
                  </button>
                </div>
              </Form>
            </div>
          )}
        </section>

        <aside className="flex flex-col gap-6" aria-label="Other ways to reach us">
          <PreferToTalk company={company} topic="plan-trip" from="/inquire" />
        </aside>
      </div>
    </>
  );
}
