/**
 * An image URL field (docs/decisions/010-maps-video-images.md, "Uploads"): the URL input, a preview
 * thumbnail that shows the placeholder when the image cannot be loaded (docs/product.md: broken
 * images in admin previews use a placeholder), and the upload control, which puts the stored
 * image's URL into the field.
 *
 * Without JavaScript the URL input works as a plain field (the upload control needs scripts).
 */
import type { ReactNode } from 'react';
import { Picture } from '~/components/ui/picture';
import { ImageUploadButton } from '~/components/admin/image-upload';
import { Field, Input } from '~/components/ui/field';
import { cn } from '~/lib/cn';
import { asText, type EditorField } from './fields';
import type { ListControls } from './list-field';

type ImageUrlFieldProps = {
  form: Pick<ListControls, 'update'>;
  field: EditorField;
  label: ReactNode;
  hint?: string;
  required?: boolean;
  /** Text of the upload button (default 'Upload image'). */
  uploadLabel?: string;
  className?: string;
};

export function ImageUrlField({ form, field, label, hint, required, uploadLabel, className }: ImageUrlFieldProps) {
  // The live value follows typing (Conform tracks it); the first render uses the initial value.
  const current = asText(field.value ?? field.initialValue).trim();
  return (
    <div data-image-field={field.name} className={cn('flex min-w-0 flex-col gap-2', className)}>
      <Field id={field.id} label={label} errors={field.errors} hint={hint} required={required}>
        {(a11y) => (
          <Input
            {...a11y}
            key={field.key}
            name={field.name}
            defaultValue={asText(field.initialValue)}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="/uploads/... or https://..."
            aria-required={required || undefined}
          />
        )}
      </Field>
      <div className="flex items-start gap-3">
        <Picture src={current || null} width={96} height={72} alt="" className="h-18 w-24 shrink-0 rounded-lg border border-forest-100 bg-mist object-cover" />
        <ImageUploadButton label={uploadLabel} onUploaded={({ url }) => form.update({ name: field.name, value: url })} />
      </div>
    </div>
  );
}
