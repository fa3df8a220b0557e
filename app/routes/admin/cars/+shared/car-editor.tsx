/**
 * The car editor, one form for new and edit (docs/product.md, "Admin bike and car forms"):
 * tabs Basic Info, Specifications and Gallery; model and daily rate required, the daily rate input
 * taking only numeric text or nothing; the image URL marked required (not enforced); the display
 * fields of docs/decisions/006-display-fields.md. Cancel goes back to /admin/cars.
 *
 * Works without JavaScript: the tabs show as stacked sections (app/components/admin/editor/editor-tabs.tsx)
 * and gallery rows are added and removed by posting the form.
 */
import { getFormProps } from '@conform-to/react';
import { useState } from 'react';
import { Form } from 'react-router';
import { EditorTabs, firstTabWithErrors, type EditorTab } from '~/components/admin/editor/editor-tabs';
import { CheckboxField, DecimalField, SelectField, TextareaField, TextField, capitalize, toOptions } from '~/components/admin/editor/fields';
import { GalleryField } from '~/components/admin/editor/gallery-field';
import { ImageUrlField } from '~/components/admin/editor/image-url-field';
import { DisplayFieldsSection, EditorPanel, EditorSection, FieldRow, SaveBar } from '~/components/admin/editor/sections';
import { useEditorForm, type EditorActionData, type FormShape } from '~/components/admin/editor/use-editor-form';
import { watchUnsaved } from '~/components/admin/unsaved-changes';
import { FormError } from '~/components/ui/form-error';
import { CAR_CATEGORIES, CAR_LOCATIONS, FUEL_TYPES, TRANSMISSIONS } from '~/lib/constants';
import { carWriteSchema, type CarWriteInput } from '~/schemas/car';
import { CAR_CATEGORY_LABELS, CAR_REQUIRED } from './car-form';

type CarForm = FormShape<CarWriteInput>;

/** Which fields live on which tab (to show the tab of the first error). */
const TAB_FIELDS = [
  {
    value: 'basic',
    fields: [
      'model',
      'description',
      'imageUrl',
      'dailyRate',
      'capacity',
      'available',
      'features',
      'category',
      'location',
      'transmission',
      'ac',
      'fuelType',
      'registrationNumber',
      'featured',
      'tag',
      'rating',
      'reviewCount',
      'discountLabel',
    ],
  },
  { value: 'specifications', fields: ['specifications'] },
  { value: 'gallery', fields: ['gallery'] },
] as const;

export function CarEditor({
  mode,
  defaultValue,
  actionData,
}: {
  mode: 'new' | 'edit';
  defaultValue: Record<string, unknown>;
  actionData: EditorActionData | undefined;
}) {
  const [tab, setTab] = useState('basic');
  const { form, fields, pending, onSubmit } = useEditorForm<CarForm>({
    id: `car-${mode}`,
    schema: carWriteSchema,
    required: CAR_REQUIRED,
    defaultValue,
    actionData,
    onInvalid: (names) => setTab((current) => firstTabWithErrors(TAB_FIELDS, names, current)),
  });
  const specs = fields.specifications.getFieldset();
  const errorNames = Object.keys(form.allErrors);

  const tabs: EditorTab[] = [
    {
      ...TAB_FIELDS[0],
      label: 'Basic Info',
      content: (
        <>
          <EditorSection title="Car">
            <FieldRow columns={2}>
              <TextField field={fields.model} label="Model" required placeholder="Toyota Innova Crysta" />
              <DecimalField field={fields.dailyRate} label="Daily rate (₹)" required hint="0 shows 'Contact for price'" />
            </FieldRow>
            <TextareaField field={fields.description} label="Description" rows={4} />
            <ImageUrlField form={form} field={fields.imageUrl} label="Image URL" required uploadLabel="Upload image" />
            <FieldRow columns={3}>
              <SelectField field={fields.category} label="Category" options={toOptions(CAR_CATEGORIES, (c) => CAR_CATEGORY_LABELS[c] ?? capitalize(c))} />
              <TextField field={fields.capacity} label="Capacity" placeholder="7 Seater" />
              <TextField field={fields.location} label="Location" list="car-location-suggestions" placeholder="Gangtok" />
            </FieldRow>
            <datalist id="car-location-suggestions">
              {CAR_LOCATIONS.map((l) => (
                <option key={l} value={l} />
              ))}
            </datalist>
            <FieldRow columns={2}>
              <SelectField field={fields.transmission} label="Transmission" options={toOptions(TRANSMISSIONS, capitalize)} />
              <SelectField field={fields.fuelType} label="Fuel type" options={toOptions(FUEL_TYPES, capitalize)} />
            </FieldRow>
            <TextField
              field={fields.registrationNumber}
              label="Registration number"
              placeholder="SK 01 P 1234"
              hint="For a car of the fleet: the traveller sees it with the driver the evening before the trip"
            />
            <div className="flex flex-wrap gap-x-8">
              <CheckboxField field={fields.ac} label="Air conditioning" />
              <CheckboxField field={fields.available} label="Available for rent" />
            </div>
            <TextareaField field={fields.features} label="Features" rows={3} hint="Comma-separated, e.g. Roof carrier, Music system, First-aid kit" />
          </EditorSection>
          <DisplayFieldsSection fields={fields} noun="car" />
        </>
      ),
    },
    {
      ...TAB_FIELDS[1],
      label: 'Specifications',
      content: (
        <EditorPanel description="Free text with units, as shown on the car's page.">
          <FieldRow columns={2}>
            <TextField field={specs.mileage} label="Mileage" placeholder="12 km/l" />
            <TextField field={specs.fuelCapacity} label="Fuel capacity" placeholder="55 L" />
            <TextField field={specs.bootSpace} label="Boot space" placeholder="300 L" />
            <TextField field={specs.engineSize} label="Engine size" placeholder="2393 cc" />
          </FieldRow>
        </EditorPanel>
      ),
    },
    {
      ...TAB_FIELDS[2],
      label: 'Gallery',
      content: (
        <EditorPanel>
          <GalleryField form={form} field={fields.gallery} />
        </EditorPanel>
      ),
    },
  ];

  return (
    <Form method="post" {...getFormProps(form)} {...watchUnsaved('the car')} onSubmit={onSubmit} className="mt-6 flex flex-col gap-6">
      <FormError id={form.errorId} errors={form.errors} />
      <EditorTabs tabs={tabs} value={tab} onValueChange={setTab} label="Car details" errorNames={errorNames} />
      <SaveBar mode={mode} noun="Car" cancelTo="/admin/cars" pending={pending} />
    </Form>
  );
}
