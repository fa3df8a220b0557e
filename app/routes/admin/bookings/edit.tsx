/**
 * /admin/bookings/:id/edit: staff change a booking (docs/product.md#bookings-and-inquiries): the item
 * (another package or 'Custom tour', another bike or another car; never another type), the dates,
 * adults and children, helmet or driver, the traveller's contact and the message. Saved through
 * `updateBookingForAdmin` (app/models/booking.server.ts): one transaction, audited 'update' with each
 * field's from/to; a confirmed bike or car moved to days or a vehicle already booked is refused with
 * the clash ('Already booked: #A1B2C3 (...)') and nothing is written. Success goes back to the
 * booking's page with 'Booking updated'; a refusal comes back with the field's message and what was
 * typed. An unknown id is 'Booking not found' (404).
 */
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, useNavigation } from 'react-router';
import { EditorError } from '~/components/admin/editor/editor-error';
import { EditorSection, SaveBar } from '~/components/admin/editor/sections';
import { TextField } from '~/components/admin/editor/fields';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { watchUnsaved } from '~/components/admin/unsaved-changes';
import { FormError } from '~/components/ui/form-error';
import type { BookingType } from '~/lib/constants';
import { DomainError, errorStatus } from '~/lib/errors.server';
import { shortReference } from '~/lib/ids';
import { logger } from '~/lib/logger.server';
import { redirectWithToast } from '~/lib/toast.server';
import { getBooking, updateBookingForAdmin } from '~/models/booking.server';
import { leadCodeOf, linkBookingToLead, resolveLeadCode } from '~/models/whatsapp-leads.server';
import { CUSTOM_TOUR, CUSTOM_TOUR_NAME } from '~/schemas/booking';
import { bookingEditFormSchema, type BookingEditForm, type BookingPatch } from '~/schemas/booking-admin';
import { auditActor, requireAdmin } from '~/services/admin-guard.server';
import { BookingFormSections, type BookingFormFields } from './+shared/booking-form';
import { bookingItemOptions } from './+shared/booking-form.server';
import type { Route } from './+types/edit';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const booking = await getBooking(params.id);
  if (!booking) throw data('Booking not found', { status: 404 });
  const type = booking.type as BookingType;
  const itemId = booking.packageId ?? booking.bikeId ?? booking.carId ?? (type === 'package' && booking.itemName === CUSTOM_TOUR_NAME ? CUSTOM_TOUR : '');
  return {
    id: booking.id,
    reference: shortReference(booking.id),
    type,
    items: await bookingItemOptions(type),
    deletedItem: itemId === '' ? booking.itemName : null,
    values: {
      itemId,
      name: booking.name,
      email: booking.email,
      phone: booking.phone,
      startDate: booking.startDate,
      endDate: booking.endDate ?? '',
      adults: booking.adults === null ? '' : String(booking.adults),
      children: booking.children === null ? '' : String(booking.children),
      needHelmet: booking.needHelmet ? 'on' : '',
      needDriver: booking.needDriver ? 'on' : '',
      message: booking.message,
      whatsappRef: (await leadCodeOf(booking.whatsappLeadId)) ?? '',
    },
  };
}

/** The change the form asks for: the fields every booking has, plus those of its type. */
function patchOf(type: BookingType, value: BookingEditForm): BookingPatch {
  const { itemId, name, email, phone, startDate, message } = value;
  const patch: BookingPatch = { itemId, name, email, phone, startDate, message };
  if (type === 'package') return { ...patch, adults: value.adults, children: value.children };
  return { ...patch, endDate: value.endDate ?? null, ...(type === 'bike' ? { needHelmet: value.needHelmet } : { needDriver: value.needDriver }) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const auth = await requireAdmin(request);
  const booking = await getBooking(params.id);
  if (!booking) throw data('Booking not found', { status: 404 });
  const form = await request.formData().catch(() => null);
  if (!form) throw data('Malformed form data', { status: 400 });
  const submission = parseWithZod(form, { schema: bookingEditFormSchema, disableAutoCoercion: true });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  try {
    // Resolved first: an unknown code (InvalidReference on `whatsappRef`) writes nothing.
    const whatsappLeadId = await resolveLeadCode(submission.value.whatsappRef, 'whatsappRef');
    const actor = auditActor(auth, request);
    await updateBookingForAdmin(booking.id, patchOf(booking.type as BookingType, submission.value), actor);
    await linkBookingToLead(booking.id, whatsappLeadId, actor);
  } catch (error) {
    if (error instanceof DomainError) {
      const fieldErrors = Object.fromEntries(error.issues.map((i) => [i.path, [i.message]]));
      return data({ result: submission.reply({ fieldErrors, formErrors: [error.message] }) }, { status: errorStatus(error) });
    }
    logger.error({ err: error, event: 'booking_edit_failed', id: booking.id }, 'editing a booking failed');
    return data({ result: submission.reply({ formErrors: ['Failed to update the booking. Please try again.'] }) }, { status: 500 });
  }
  return redirectWithToast(`/admin/bookings/${booking.id}`, { type: 'success', title: 'Booking updated' });
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => adminMeta(loaderData ? `Edit booking #${loaderData.reference}` : 'Booking not found');

export default function EditBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { id, reference, type, items, values, deletedItem } = loaderData;
  const [form, fields] = useForm({
    id: `booking-edit-${id}`,
    lastResult: actionData?.result,
    defaultValue: values,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bookingEditFormSchema, disableAutoCoercion: true }),
  });
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  return (
    <>
      <AdminPageHeader
        title={`Edit booking #${reference}`}
        description="A confirmed bike or car booking is checked again for clashes when its dates or vehicle change."
      />
      <Form method="post" {...getFormProps(form)} {...watchUnsaved('the booking')} className="mt-6 flex flex-col gap-6">
        <FormError id={form.errorId} errors={form.errors} />
        <BookingFormSections type={type} fields={fields as unknown as BookingFormFields} items={items} deletedItem={deletedItem} />
        <EditorSection title="WhatsApp">
          <TextField
            field={fields.whatsappRef}
            label="WhatsApp reference"
            hint="The code in the traveller's first WhatsApp message (Ref: WA-7K3MQ); empty for none."
            autoComplete="off"
          />
        </EditorSection>
        <SaveBar mode="edit" noun="booking" cancelTo={`/admin/bookings/${id}`} pending={pending} />
      </Form>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EditorError error={error} notFound="Booking not found" listTo="/admin/bookings" listLabel="Back to bookings" />;
}
