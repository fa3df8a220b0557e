/**
 * A list of rows (highlights, itinerary days, gallery images...) with 'Add' and 'Remove' buttons
 * that keep at least one row (docs/product.md, "Admin package form": list fields keep at least one row; the
 * last row's remove button is disabled).
 *
 * The buttons are Conform intent buttons: with JavaScript Conform adds or removes the row in place;
 * without it they submit the form, the action answers with the changed list (a list intent is not a
 * save) and the page comes back with what was typed plus or minus one row.
 */
import type { FormMetadata } from '@conform-to/react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/field';
import { cn } from '~/lib/cn';
import { asText, type EditorField } from './fields';
import { useHydrated } from './use-hydrated';

/** The list intents of a Conform form. */
export type ListControls = Pick<FormMetadata, 'insert' | 'remove' | 'update' | 'reorder'>;

/** A list field: its own metadata plus its rows. */
export type ListOf<F extends EditorField> = EditorField & { getFieldList: () => F[] };

type ListFieldProps<F extends EditorField> = {
  form: ListControls;
  field: ListOf<F>;
  /** The fieldset's legend. */
  legend: string;
  /** Keep the legend for screen readers only (when the section's title already says it). */
  legendHidden?: boolean;
  description?: ReactNode;
  /** Name of one row for the remove button's label, e.g. 'highlight 2'. */
  itemLabel: (index: number) => string;
  /** Text of the add button, e.g. 'Add highlight'. */
  addLabel: string;
  /** The value of a new row (default: empty text); gets the current row count. */
  newItem?: (count: number) => unknown;
  /** One row's controls. */
  children: (item: F, index: number) => ReactNode;
  /**
   * With JavaScript, replaces Conform's remove (e.g. to renumber itinerary days in the same step).
   * Without JavaScript the intent button posts and the action does the equivalent.
   */
  onRemove?: (index: number) => void;
  /** 'inline': the remove button beside a one-line row; 'card': rows as cards with a title. */
  variant?: 'inline' | 'card';
  /** Title of a card row, e.g. 'Day 2'. */
  rowTitle?: (index: number) => ReactNode;
  /** Card rows get 'Move … up' / 'Move … down' buttons (the itinerary: days are numbered by their order). */
  movable?: boolean;
  className?: string;
};

export function ListField<F extends EditorField>({
  form,
  field,
  legend,
  legendHidden,
  description,
  itemLabel,
  addLabel,
  newItem = () => '',
  children,
  onRemove,
  variant = 'inline',
  rowTitle,
  className,
  movable = false,
}: ListFieldProps<F>) {
  const hydrated = useHydrated();
  const rows = field.getFieldList();
  const count = Math.max(rows.length, 1);
  const descriptionId = description ? `${field.id}-description` : undefined;
  // Without JavaScript an add or remove posts the form; the fragment brings the page back to this list.
  const anchor = `${field.id}-list`;
  const listError = field.errors?.[0];

  const removeButton = (index: number) => {
    const label = `Remove ${itemLabel(index)}`;
    const last = rows.length <= 1;
    return (
      <Button
        {...form.remove.getButtonProps({ name: field.name, index })}
        formAction={`#${anchor}`}
        type="submit"
        variant="ghost"
        size="icon"
        aria-label={label}
        title={last ? 'At least one row is kept' : label}
        disabled={last}
        onClick={
          onRemove && hydrated
            ? (event) => {
                event.preventDefault();
                onRemove(index);
              }
            : undefined
        }
      >
        <Trash2 className="size-5" aria-hidden />
      </Button>
    );
  };

  /** 'Move day 2 up' / 'down': a list intent, so it works without JavaScript too. */
  const moveButton = (index: number, step: -1 | 1) => {
    const label = `Move ${itemLabel(index)} ${step < 0 ? 'up' : 'down'}`;
    const to = index + step;
    const disabled = to < 0 || to >= rows.length;
    return (
      <Button
        {...form.reorder.getButtonProps({ name: field.name, from: index, to: disabled ? index : to })}
        formAction={`#${anchor}`}
        type="submit"
        variant="ghost"
        size="icon"
        aria-label={label}
        title={label}
        disabled={disabled}
      >
        {step < 0 ? <ArrowUp className="size-5" aria-hidden /> : <ArrowDown className="size-5" aria-hidden />}
      </Button>
    );
  };

  return (
    <fieldset id={anchor} className={cn('min-w-0 scroll-mt-6', className)} aria-describedby={descriptionId}>
      <legend className={legendHidden ? 'sr-only' : 'text-sm font-semibold text-ink'}>{legend}</legend>
      {description ? (
        <p id={descriptionId} className="mt-1 text-sm text-muted">
          {description}
        </p>
      ) : null}
      <ol className={cn('mt-2 flex flex-col', variant === 'card' ? 'gap-4' : 'gap-2')}>
        {rows.map((item, index) =>
          variant === 'card' ? (
            <li key={item.key} className="rounded-xl border border-forest-100 bg-mist/60 p-4">
              <div className="mb-3 flex items-center justify-between gap-3">
                <p className="font-semibold text-ink">{rowTitle ? rowTitle(index) : `${legend} ${index + 1}`}</p>
                <div className="flex items-center gap-1">
                  {movable ? moveButton(index, -1) : null}
                  {movable ? moveButton(index, 1) : null}
                  {removeButton(index)}
                </div>
              </div>
              {children(item, index)}
            </li>
          ) : (
            <li key={item.key} className="flex items-start gap-2">
              <div className="min-w-0 flex-1">{children(item, index)}</div>
              {removeButton(index)}
            </li>
          ),
        )}
      </ol>
      {listError ? <p className="mt-1 text-sm font-medium text-flag-red">{listError}</p> : null}
      <Button
        {...form.insert.getButtonProps({ name: field.name, defaultValue: newItem(count) as never })}
        formAction={`#${anchor}`}
        type="submit"
        variant="outline"
        size="sm"
        className="mt-3"
      >
        <Plus className="size-4" aria-hidden />
        {addLabel}
      </Button>
    </fieldset>
  );
}

/**
 * One text input of an inline list, labelled for screen readers ('Highlight 2'), with its error
 * under it.
 */
export function ListTextInput({
  field,
  label,
  placeholder,
  inputMode,
}: {
  field: EditorField;
  label: string;
  placeholder?: string;
  inputMode?: 'text' | 'url';
}) {
  const error = field.errors?.[0];
  const errorId = `${field.id}-error`;
  return (
    <>
      <label htmlFor={field.id} className="sr-only">
        {label}
      </label>
      <Input
        key={field.key}
        id={field.id}
        name={field.name}
        defaultValue={asText(field.initialValue)}
        placeholder={placeholder}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-flag-red">
          {error}
        </p>
      ) : null}
    </>
  );
}
