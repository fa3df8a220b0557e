/**
 * The tour package editor, one form for new and edit (docs/product.md, "Admin editing" and
 * "Admin package form"): title and description required; duration, location and image marked required;
 * price in rupees (0 = contact for price); dates with end >= start; highlights, itinerary days,
 * accommodation, inclusions, exclusions, terms, places and gallery as lists that keep at least one
 * row; the display fields of docs/decisions/006-display-fields.md.
 *
 * Works without JavaScript: the form posts to the route action; add and remove buttons post too and
 * the page comes back with the row added or removed (itinerary days renumbered after a removal).
 */
import { getFormProps } from '@conform-to/react';
import { Form } from 'react-router';
import { DecimalField, DateField, NumberField, SelectField, TextareaField, TextField, capitalize, toOptions } from '~/components/admin/editor/fields';
import { GalleryField } from '~/components/admin/editor/gallery-field';
import { ImageUrlField } from '~/components/admin/editor/image-url-field';
import { ListField, ListTextInput } from '~/components/admin/editor/list-field';
import { DisplayFieldsSection, EditorSection, FieldRow, SaveBar, SectionNav } from '~/components/admin/editor/sections';
import { useEditorForm, type EditorActionData, type FormShape } from '~/components/admin/editor/use-editor-form';
import { watchUnsaved } from '~/components/admin/unsaved-changes';
import { Checkbox } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { PACKAGE_CATEGORIES } from '~/lib/constants';
import { packageWriteSchema, type PackageWriteInput } from '~/schemas/package';
import { PACKAGE_REQUIRED, preparePackageFormData, renumberDays } from './package-form';

type PackageForm = FormShape<PackageWriteInput>;

/** The form's sections, for the links at its top. */
const SECTIONS = [
  { id: 'section-basics', title: 'Basics' },
  { id: 'section-images', title: 'Images' },
  { id: 'section-dates', title: 'Dates' },
  { id: 'section-permits', title: 'Permits' },
  { id: 'section-highlights', title: 'Highlights' },
  { id: 'section-itinerary', title: 'Itinerary' },
  { id: 'section-accommodation', title: 'Accommodation' },
  { id: 'section-inclusions', title: 'Inclusions' },
  { id: 'section-display', title: 'Display' },
] as const;

/** A permit the package may need, from settings `permits.types`. */
export type PermitChoice = { id: string; name: string; closedDays: string };

/** The values of a multi-valued field as Conform gives them back (a list, one string, or nothing). */
function valuesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' && value !== '' ? [value] : [];
}

export function PackageEditor({
  mode,
  defaultValue,
  actionData,
  permits,
}: {
  mode: 'new' | 'edit';
  defaultValue: Record<string, unknown>;
  actionData: EditorActionData | undefined;
  /** The permits of the settings (docs/decisions/050-permits-and-manifests.md#permits-in-settings-and-on-packages). */
  permits: PermitChoice[];
}) {
  const { form, fields, pending, onSubmit } = useEditorForm<PackageForm>({
    id: `package-${mode}`,
    schema: packageWriteSchema,
    required: PACKAGE_REQUIRED,
    defaultValue,
    actionData,
    prepare: preparePackageFormData,
  });

  /** With JavaScript: remove an itinerary day and renumber the rest 1..n in one step. */
  const removeDay = (index: number) => {
    const rows = fields.itinerary.getFieldList().map((row) => row.value ?? {});
    rows.splice(index, 1);
    form.update({ name: fields.itinerary.name, value: renumberDays(rows) as never });
  };

  return (
    <Form method="post" {...getFormProps(form)} {...watchUnsaved('the package')} onSubmit={onSubmit} className="mt-6 flex flex-col gap-6">
      <SectionNav sections={SECTIONS} />
      <FormError id={form.errorId} errors={form.errors} />

      <EditorSection id="section-basics" title="Basics" description="What travellers read first on the card and the package page.">
        <TextField field={fields.title} label="Title" required maxLength={200} />
        <TextareaField field={fields.description} label="Description" required rows={3} hint="One or two sentences for the card." />
        <TextareaField field={fields.overview} label="Overview" rows={5} hint="The longer introduction on the package page." />
        <FieldRow columns={2}>
          <TextField field={fields.duration} label="Duration" required placeholder="5 Days / 4 Nights" />
          <TextField field={fields.location} label="Location" required placeholder="Gangtok, Sikkim" />
        </FieldRow>
        <FieldRow columns={3}>
          <DecimalField field={fields.price} label="Price (₹)" hint="0 = Contact for price" />
          <SelectField field={fields.category} label="Category" options={toOptions(PACKAGE_CATEGORIES, capitalize)} />
          <TextField field={fields.people} label="People" placeholder="2-12 People" />
        </FieldRow>
      </EditorSection>

      <EditorSection id="section-images" title="Images" description="JPEG, PNG or WebP uploads are resized for every screen.">
        <ImageUrlField form={form} field={fields.imageUrl} label="Main image" required uploadLabel="Upload main image" />
        <GalleryField form={form} field={fields.gallery} description="More photos for the package page. Empty rows are left out when saving." />
      </EditorSection>

      <EditorSection id="section-dates" title="Dates and group">
        <FieldRow columns={3}>
          <DateField field={fields.startDate} label="Start date" />
          <DateField field={fields.endDate} label="End date" hint="Not before the start date" />
          <NumberField field={fields.maxPersons} label="Max persons" min={1} />
        </FieldRow>
        <FieldRow columns={2}>
          <TextField field={fields.registrationNumber} label="Registration number" />
          <TextField field={fields.vehicleType} label="Vehicle type" placeholder="Innova / Xylo / similar" />
        </FieldRow>
      </EditorSection>

      <EditorSection
        id="section-permits"
        title="Permits"
        description="The permits travellers of this package need, and when their documents are due. The list of permits is in Settings."
      >
        <fieldset aria-describedby={fields.permitIds.errors ? `${fields.permitIds.id}-error` : undefined}>
          <legend className="text-sm font-semibold text-ink">Permits needed</legend>
          {permits.length === 0 ? <p className="mt-1 text-sm text-muted">No permits are set up in Settings.</p> : null}
          <div className="mt-1 grid gap-x-6 sm:grid-cols-2">
            {permits.map((permit) => (
              <Checkbox
                key={`${fields.permitIds.key ?? ''}-${permit.id}`}
                name={fields.permitIds.name}
                value={permit.id}
                defaultChecked={valuesOf(fields.permitIds.initialValue).includes(permit.id)}
                label={
                  <>
                    {permit.name}
                    {permit.closedDays ? <span className="block text-xs text-muted">Closed on {permit.closedDays}</span> : null}
                  </>
                }
              />
            ))}
          </div>
          <p id={`${fields.permitIds.id}-error`} className="field-error">
            {fields.permitIds.errors?.[0]}
          </p>
        </fieldset>
        <NumberField
          field={fields.permitDocumentsDaysBefore}
          label="Documents due (days before travel)"
          min={1}
          max={90}
          hint="Travellers' IDs and photos are due this many days before the travel date; 1 to 90."
          className="sm:max-w-xs"
        />
      </EditorSection>

      <EditorSection id="section-highlights" title="Highlights and places">
        <ListField form={form} field={fields.highlights} legend="Highlights" itemLabel={(i) => `highlight ${i + 1}`} addLabel="Add highlight">
          {(item, i) => <ListTextInput field={item} label={`Highlight ${i + 1}`} />}
        </ListField>
        <ListField form={form} field={fields.locations} legend="Places visited" itemLabel={(i) => `place ${i + 1}`} addLabel="Add place">
          {(item, i) => <ListTextInput field={item} label={`Place ${i + 1}`} />}
        </ListField>
      </EditorSection>

      <EditorSection id="section-itinerary" title="Itinerary" description="Days are numbered again from 1 after a day is removed.">
        <ListField
          form={form}
          field={fields.itinerary}
          legend="Itinerary days"
          legendHidden
          variant="card"
          // Days are numbered by their order (the server numbers them 1..n too); move them to reorder.
          rowTitle={(i) => `Day ${i + 1}`}
          movable
          itemLabel={(i) => `day ${i + 1}`}
          addLabel="Add day"
          newItem={(count) => ({ day: String(count + 1) })}
          onRemove={removeDay}
        >
          {(item, index) => {
            const day = item.getFieldset();
            return (
              <div className="grid gap-4">
                {/* The day number is the row's place, not an input (the server numbers them the same way). */}
                <input type="hidden" name={day.day.name} value={index + 1} />
                <TextField field={day.title} label="Title" />
                <TextareaField field={day.description} label="Description" rows={3} />
                <TextareaField field={day.activities} label="Activities" rows={3} lines hint="One per line" />
                <FieldRow columns={2}>
                  <TextField field={day.meals} label="Meals" placeholder="Breakfast, Dinner" />
                  <TextField field={day.stay} label="Stay" placeholder="Hotel in Gangtok" />
                </FieldRow>
                {permits.length > 0 ? (
                  <SelectField
                    field={day.permitId}
                    label="Permit area visited"
                    empty="None"
                    options={permits.map((p) => ({ value: p.id, label: p.name }))}
                    hint="Marks the day travellers are in a permit area: closed days are checked and the manifest lists them on that day."
                    className="sm:max-w-md"
                  />
                ) : null}
              </div>
            );
          }}
        </ListField>
      </EditorSection>

      <EditorSection id="section-accommodation" title="Accommodation">
        <ListField
          form={form}
          field={fields.accommodation}
          legend="Stays"
          legendHidden
          variant="card"
          rowTitle={(i) => `Stay ${i + 1}`}
          itemLabel={(i) => `stay ${i + 1}`}
          addLabel="Add stay"
          newItem={() => ({})}
        >
          {(item) => {
            const stay = item.getFieldset();
            return (
              <div className="grid gap-4">
                <FieldRow columns={2}>
                  <TextField field={stay.location} label="Location" />
                  <TextField field={stay.hotel} label="Hotel" />
                </FieldRow>
                <FieldRow columns={3}>
                  <NumberField field={stay.nights} label="Nights" min={0} />
                  <NumberField field={stay.rooms} label="Rooms" min={0} />
                  <TextField field={stay.category} label="Category" placeholder="3 star" />
                </FieldRow>
              </div>
            );
          }}
        </ListField>
      </EditorSection>

      <EditorSection id="section-inclusions" title="Inclusions, exclusions and terms">
        <ListField form={form} field={fields.inclusions} legend="Inclusions" itemLabel={(i) => `inclusion ${i + 1}`} addLabel="Add inclusion">
          {(item, i) => <ListTextInput field={item} label={`Inclusion ${i + 1}`} />}
        </ListField>
        <ListField form={form} field={fields.exclusions} legend="Exclusions" itemLabel={(i) => `exclusion ${i + 1}`} addLabel="Add exclusion">
          {(item, i) => <ListTextInput field={item} label={`Exclusion ${i + 1}`} />}
        </ListField>
        <ListField form={form} field={fields.termsAndConditions} legend="Terms and conditions" itemLabel={(i) => `term ${i + 1}`} addLabel="Add term">
          {(item, i) => <ListTextInput field={item} label={`Term ${i + 1}`} />}
        </ListField>
      </EditorSection>

      <DisplayFieldsSection fields={fields} noun="package" />

      <SaveBar mode={mode} noun="Package" cancelTo="/admin/packages" pending={pending} />
    </Form>
  );
}
