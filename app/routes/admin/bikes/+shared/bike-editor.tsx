/**
 * The bike editor, one form for new and edit (docs/product.md, "Admin bike and car forms"):
 * tabs Basic Info, Specifications and Gallery; model and daily rate required; the image URL marked
 * required (not enforced); the display fields of docs/decisions/006-display-fields.md; in new mode
 * the 'Himalayan 450' sample prefill. Cancel goes back to /admin/bikes.
 *
 * Works without JavaScript: the tabs show as stacked sections (app/components/admin/editor/editor-tabs.tsx),
 * gallery rows are added and removed by posting the form, and the prefill is a link to
 * `?prefill=himalayan-450`, whose loader starts the form with the sample. With JavaScript the
 * prefill fills the form in place.
 */
import { getFormProps } from '@conform-to/react';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Form } from 'react-router';
import { EditorTabs, firstTabWithErrors, type EditorTab } from '~/components/admin/editor/editor-tabs';
import { CheckboxField, DecimalField, SelectField, TextareaField, TextField, capitalize, toOptions } from '~/components/admin/editor/fields';
import { GalleryField } from '~/components/admin/editor/gallery-field';
import { ImageUrlField } from '~/components/admin/editor/image-url-field';
import { DisplayFieldsSection, EditorPanel, EditorSection, FieldRow, SaveBar } from '~/components/admin/editor/sections';
import { useEditorForm, type EditorActionData, type FormShape } from '~/components/admin/editor/use-editor-form';
import { useHydrated } from '~/components/admin/editor/use-hydrated';
import { watchUnsaved } from '~/components/admin/unsaved-changes';
import { Button, buttonClass } from '~/components/ui/button';
import { FormError } from '~/components/ui/form-error';
import { GEAR_TYPES } from '~/lib/constants';
import { bikeWriteSchema, type BikeWriteInput } from '~/schemas/bike';
import { BIKE_CATEGORY_SUGGESTIONS, BIKE_REQUIRED, HIMALAYAN_450, HIMALAYAN_450_VALUES } from './bike-form';

type BikeForm = FormShape<BikeWriteInput>;

/** Which fields live on which tab (to show the tab of the first error). */
const TAB_FIELDS = [
  {
    value: 'basic',
    fields: [
      'model',
      'description',
      'imageUrl',
      'dailyRate',
      'engineCapacity',
      'maxSpeed',
      'available',
      'features',
      'category',
      'gearType',
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

export function BikeEditor({
  mode,
  defaultValue,
  actionData,
}: {
  mode: 'new' | 'edit';
  defaultValue: Record<string, unknown>;
  actionData: EditorActionData | undefined;
}) {
  const hydrated = useHydrated();
  const [tab, setTab] = useState('basic');
  const { form, fields, pending, onSubmit } = useEditorForm<BikeForm>({
    id: `bike-${mode}`,
    schema: bikeWriteSchema,
    required: BIKE_REQUIRED,
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
          <EditorSection title="Bike">
            <FieldRow columns={2}>
              <TextField field={fields.model} label="Model" required placeholder="Royal Enfield Himalayan 450" />
              <DecimalField field={fields.dailyRate} label="Daily rate (₹)" required hint="0 shows 'Contact for price'" />
            </FieldRow>
            <TextareaField field={fields.description} label="Description" rows={4} />
            <ImageUrlField form={form} field={fields.imageUrl} label="Image URL" required uploadLabel="Upload image" />
            <FieldRow columns={3}>
              <TextField field={fields.category} label="Category" list="bike-category-suggestions" placeholder="Adventure" />
              <TextField field={fields.engineCapacity} label="Engine capacity" placeholder="450cc" />
              <TextField field={fields.maxSpeed} label="Max speed" placeholder="145 km/h" />
            </FieldRow>
            <datalist id="bike-category-suggestions">
              {BIKE_CATEGORY_SUGGESTIONS.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            <FieldRow columns={2}>
              <SelectField field={fields.gearType} label="Gear type" options={toOptions(GEAR_TYPES, capitalize)} />
              <CheckboxField field={fields.available} label="Available for rent" className="sm:pt-7" />
            </FieldRow>
            <TextareaField field={fields.features} label="Features" rows={3} hint="Comma-separated, e.g. ABS, LED headlamp, USB charging" />
          </EditorSection>
          <DisplayFieldsSection fields={fields} noun="bike" />
        </>
      ),
    },
    {
      ...TAB_FIELDS[1],
      label: 'Specifications',
      content: (
        <EditorPanel description="Free text with units, as shown on the bike's page.">
          <FieldRow columns={2}>
            <TextField field={specs.weight} label="Weight" placeholder="196 kg" />
            <TextField field={specs.fuelCapacity} label="Fuel capacity" placeholder="17 L" />
            <TextField field={specs.seatHeight} label="Seat height" placeholder="825 mm" />
            <TextField field={specs.groundClearance} label="Ground clearance" placeholder="230 mm" />
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
    <Form method="post" {...getFormProps(form)} {...watchUnsaved('the bike')} onSubmit={onSubmit} className="mt-6 flex flex-col gap-6">
      {mode === 'new' ? (
        <div className="flex flex-wrap items-center gap-3 rounded-card border border-dashed border-forest-200 bg-white px-4 py-3">
          <p id="bike-prefill-hint" className="text-sm text-muted">
            Start from sample data:
          </p>
          {hydrated ? (
            <Button variant="outline" size="sm" aria-describedby="bike-prefill-hint" onClick={() => form.update({ value: HIMALAYAN_450_VALUES as never })}>
              <Sparkles className="size-4" aria-hidden />
              Himalayan 450
            </Button>
          ) : (
            <a href={`?prefill=${HIMALAYAN_450}`} aria-describedby="bike-prefill-hint" className={buttonClass('outline', 'sm')}>
              <Sparkles className="size-4" aria-hidden />
              Himalayan 450
            </a>
          )}
        </div>
      ) : null}
      <FormError id={form.errorId} errors={form.errors} />
      <EditorTabs tabs={tabs} value={tab} onValueChange={setTab} label="Bike details" errorNames={errorNames} />
      <SaveBar mode={mode} noun="Bike" cancelTo="/admin/bikes" pending={pending} />
    </Form>
  );
}
