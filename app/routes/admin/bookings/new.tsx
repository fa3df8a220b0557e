/**
 * /admin/bookings/new: a booking staff enter by hand, taken on the phone, on WhatsApp or at the
 * desk (docs/product.md#bookings-and-inquiries). `?type=package|bike|car` (links at the top, so it
 * works without JavaScript) picks the form: the public booking forms' fields and rules
 * (app/schemas/booking-staff.ts) plus the source. Saved as pending through `createBooking` with the
 * source and the staff member (audited 'create'; the traveller's acknowledgement is queued, the
 * office's 'new booking' mail is not), then the booking's page with 'Booking #A1B2C3 added'. Bad
 * input comes back with each field's message and what was typed; an unknown or unavailable item
 * names `itemId`. An optional WhatsApp reference links the booking to that click (an unknown code
 * names `whatsappRef`; docs/decisions/049-whatsapp-leads.md).
 */
import { getFormProps, useForm } from '@conform-to/react';
import { data, Form, Link, useNavigation } from 'react-router';
import { SelectField, TextField } from '~/components/admin/editor/fields';
import { EditorSection, SaveBar } from '~/components/admin/editor/sections';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { watchUnsaved } from '~/components/admin/unsaved-changes';
import { FormError } from '~/components/ui/form-error';
import { cn } from '~/lib/cn';
import { BOOKING_TYPES, type BookingType } from '~/lib/constants';
import { DomainError, errorStatus } from '~/lib/errors.server';
import { shortReference } from '~/lib/ids';
import { logger } from '~/lib/logger.server';
import { parseSubmission } from '~/lib/parse-submission';
import { redirectWithToast } from '~/lib/toast.server';
import { createBooking } from '~/models/booking.server';
import { resolveLeadCode } from '~/models/whatsapp-leads.server';
import { STAFF_BOOKING_SCHEMAS, STAFF_SOURCE_OPTIONS, type StaffBookingInput } from '~/schemas/booking-staff';
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { BookingFormSections, type BookingFormFields } from './+shared/booking-form';
import { bookingItemOptions } from './+shared/booking-form.server';
import type { Route } from './+types/new';

const TYPE_TABS: Record<BookingType, string> = { package: 'Tour package', bike: 'Bike rental', car: 'Car rental' };

/** The form's type: `?type=` (or the posted `type`), package unless it names another. */
function readType(value: unknown): BookingType {
  return (BOOKING_TYPES as readonly unknown[]).includes(value) ? (value as BookingType) : 'package';
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const type = readType(new URL(request.url).searchParams.get('type'));
  return { type, items: await bookingItemOptions(type) };
}

export async function action({ request }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  const form = await request.formData().catch(() => null);
  if (!form) throw data('Malformed form data', { status: 400 });
  const type = readType(form.get('type'));
  const submission = parseSubmission(form, STAFF_BOOKING_SCHEMAS[type]);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const input = submission.value as StaffBookingInput;
  let id: string;
  try {
    // An unknown code is an InvalidReference on `whatsappRef`: the field says so.
    const whatsappLeadId = await resolveLeadCode(input.whatsappRef, 'whatsappRef');
    ({ id } = await createBooking(input, { source: input.source, actor: auditActor(auth, request), whatsappLeadId }));
  } catch (error) {
    if (error instanceof DomainError) {
      const fieldErrors = Object.fromEntries(error.issues.map((i) => [i.path, [i.message]]));
      return data({ result: submission.reply({ fieldErrors, formErrors: [error.message] }) }, { status: errorStatus(error) });
    }
    logger.error({ err: error, event: 'staff_booking_failed' }, 'entering a booking failed');
    return data({ result: submission.reply({ formErrors: ['Failed to add the booking. Please try again.'] }) }, { status: 500 });
  }
  return redirectWithToast(`/admin/bookings/${id}`, { type: 'success', title: `Booking #${shortReference(id)} added` });
}

export const meta: Route.MetaFunction = () => adminMeta('New booking');

export default function NewBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { type, items } = loaderData;
  const schema = STAFF_BOOKING_SCHEMAS[type];
  const [form, fields] = useForm({
    id: `booking-new-${type}`,
    lastResult: actionData?.result,
    defaultValue: { source: 'phone', adults: '1', children: '0', needHelmet: type === 'bike' ? 'on' : '' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseSubmission(formData, schema),
  });
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  return (
    <>
      <AdminPageHeader title="New booking" description="A booking taken on the phone, on WhatsApp or at the desk. It starts as pending." />
      <nav aria-label="Booking type" className="mt-4 flex flex-wrap gap-2">
        {BOOKING_TYPES.map((t) => (
          <Link
            key={t}
            to={`?type=${t}`}
            aria-current={t === type ? 'page' : undefined}
            className={cn(
              'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold',
              t === type ? 'border-forest-700 bg-forest-700 text-white' : 'border-forest-200 text-forest-800 hover:bg-forest-50',
            )}
          >
            {TYPE_TABS[t]}
          </Link>
        ))}
      </nav>
      <Form method="post" {...getFormProps(form)} {...watchUnsaved('the booking')} className="mt-6 flex flex-col gap-6">
        <input type="hidden" name="type" value={type} />
        <FormError id={form.errorId} errors={form.errors} />
        <EditorSection title="Source">
          <SelectField field={fields.source} label="Taken by" required options={STAFF_SOURCE_OPTIONS} />
          <TextField
            field={fields.whatsappRef}
            label="WhatsApp reference"
            hint="The code in the traveller's first WhatsApp message (Ref: WA-7K3MQ), to count the booking for that click."
            autoComplete="off"
          />
        </EditorSection>
        <BookingFormSections type={type} fields={fields as unknown as BookingFormFields} items={items} />
        <SaveBar mode="new" noun="booking" cancelTo="/admin/bookings" pending={pending} />
      </Form>
    </>
  );
}
