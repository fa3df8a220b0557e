/**
 * The driver editor, one form for new and edit (docs/decisions/048-trip-operations.md): name, phone,
 * licence number and expiry required, languages optional. Works without JavaScript (the errors come
 * back after the round trip) and validates as people type once hydrated.
 */
import { getFormProps } from '@conform-to/react';
import { Form } from 'react-router';
import { DateField, TextField } from '~/components/admin/editor/fields';
import { EditorSection, FieldRow, SaveBar } from '~/components/admin/editor/sections';
import { useEditorForm, type EditorActionData, type FormShape } from '~/components/admin/editor/use-editor-form';
import { watchUnsaved } from '~/components/admin/unsaved-changes';
import { FormError } from '~/components/ui/form-error';
import { driverWriteSchema, type DriverWriteInput } from '~/schemas/driver';
import { DRIVER_REQUIRED } from './driver-form';

type DriverForm = FormShape<DriverWriteInput>;

export function DriverEditor({
  mode,
  defaultValue,
  actionData,
}: {
  mode: 'new' | 'edit';
  defaultValue: Record<string, unknown>;
  actionData: EditorActionData | undefined;
}) {
  const { form, fields, pending, onSubmit } = useEditorForm<DriverForm>({
    id: `driver-${mode}`,
    schema: driverWriteSchema,
    required: DRIVER_REQUIRED,
    defaultValue,
    actionData,
  });
  return (
    <Form method="post" {...getFormProps(form)} {...watchUnsaved('the driver')} onSubmit={onSubmit} className="mt-6 flex flex-col gap-6">
      <FormError id={form.errorId} errors={form.errors} />
      <EditorSection title="Driver">
        <FieldRow columns={2}>
          <TextField field={fields.name} label="Name" required placeholder="Tashi Bhutia" autoComplete="off" />
          <TextField
            field={fields.phone}
            label="Phone"
            required
            type="tel"
            placeholder="+91 94340 00000"
            hint="The duty sheet's WhatsApp link goes to this number"
          />
        </FieldRow>
        <FieldRow columns={2}>
          <TextField field={fields.licenceNumber} label="Licence number" required placeholder="SK01 20150001234" />
          <DateField field={fields.licenceExpiresOn} label="Licence valid until" required />
        </FieldRow>
        <TextField field={fields.languages} label="Languages" placeholder="Nepali, Hindi, English" hint="Comma-separated" />
      </EditorSection>
      <SaveBar mode={mode} noun="Driver" cancelTo="/admin/drivers" pending={pending} />
    </Form>
  );
}
