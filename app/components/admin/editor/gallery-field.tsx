/**
 * The gallery of an item: image URLs, each with its preview and upload control, added and removed
 * in place. At least one input stays (its remove button is disabled on the last one); blank entries
 * are dropped when saving (the write schemas do it). docs/product.md, "Admin package form" and "Admin bike and car forms".
 */
import type { EditorField } from './fields';
import { ImageUrlField } from './image-url-field';
import { ListField, type ListControls, type ListOf } from './list-field';

export function GalleryField({ form, field, description }: { form: ListControls; field: ListOf<EditorField>; description?: string }) {
  return (
    <ListField
      form={form}
      field={field}
      legend="Gallery images"
      description={description ?? 'Shown on the detail page after the main image. Empty rows are left out when saving.'}
      itemLabel={(i) => `gallery image ${i + 1}`}
      addLabel="Add image"
      variant="card"
      rowTitle={(i) => `Image ${i + 1}`}
    >
      {(item, i) => (
        <ImageUrlField
          form={form}
          field={item}
          label={
            <>
              <span className="sr-only">Image {i + 1} </span>URL
            </>
          }
        />
      )}
    </ListField>
  );
}
