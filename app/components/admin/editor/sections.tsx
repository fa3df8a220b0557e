/**
 * Layout pieces of the admin editors (neutral and dense, like the rest of the back office): a titled group of
 * fields, the save bar with Cancel and the submit button, and the display fields of
 * docs/decisions/006-display-fields.md that all three editors share.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { DISPLAY_TAGS } from '~/lib/constants';
import { cn } from '~/lib/cn';
import { CheckboxField, NumberField, SelectField, TextField, toOptions, type EditorField } from './fields';

/** A group of fields as a card: a fieldset whose legend is the group's title. */
export function EditorSection({
  title,
  description,
  children,
  className,
  id,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <fieldset id={id} className={cn('min-w-0 scroll-mt-6 card p-4 shadow-sm sm:p-6', className)}>
      {/* Floated so the legend sits inside the card like a heading instead of on its border. */}
      <legend className="float-left w-full">
        <span className="block text-lg font-semibold text-ink">{title}</span>
        {description ? <span className="mt-0.5 block text-sm text-muted">{description}</span> : null}
      </legend>
      <div className="clear-left grid gap-5 pt-4">{children}</div>
    </fieldset>
  );
}

/** Links to the sections of a long form (plain fragment links: they work without JavaScript). */
export function SectionNav({ sections }: { sections: readonly { id: string; title: string }[] }) {
  return (
    <nav aria-label="Form sections" className="-mb-2">
      <ul className="flex flex-wrap gap-2">
        {sections.map((s) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              className="inline-flex min-h-11 items-center rounded-full border border-forest-100 bg-white px-4 text-sm font-medium text-forest-800 hover:bg-forest-50"
            >
              {s.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A card of fields without a title of its own (a tab panel's only card: the tab names it). */
export function EditorPanel({ description, children }: { description?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-5 card p-4 shadow-sm sm:p-6">
      {description ? <p className="text-sm text-muted">{description}</p> : null}
      {children}
    </div>
  );
}

/** Two (or more on wide screens) fields side by side; one column on a phone. */
export function FieldRow({ children, columns = 2 }: { children: ReactNode; columns?: 2 | 3 | 4 }) {
  const grid = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' }[columns];
  return <div className={cn('grid gap-5', grid)}>{children}</div>;
}

/**
 * The save bar at the end of the form, kept in view at the bottom of the window on wider screens:
 * Cancel (a link back to the list) and the submit button, disabled while saving ('Adding...' or
 * 'Updating...', docs/product.md "Admin editing").
 */
export function SaveBar({ mode, noun, cancelTo, pending }: { mode: 'new' | 'edit'; noun: string; cancelTo: string; pending: boolean }) {
  const idle = mode === 'new' ? `Add ${noun}` : `Update ${noun}`;
  const busy = mode === 'new' ? 'Adding...' : 'Updating...';
  return (
    <div className="z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-forest-100 bg-white/95 px-4 py-3 backdrop-blur-sm md:sticky md:bottom-0 md:mx-0 md:rounded-card md:border md:shadow-lg">
      <p className="mr-auto hidden text-sm text-muted sm:block">
        Fields marked <span className="text-flag-red">*</span> are required.
      </p>
      <Link to={cancelTo} className={buttonClass('ghost', 'md')}>
        Cancel
      </Link>
      <button type="submit" className={buttonClass('primary', 'md', 'min-w-40')} disabled={pending}>
        {pending ? busy : idle}
      </button>
    </div>
  );
}

/** The display fields of an item (docs/decisions/006-display-fields.md). */
export type DisplayFields = { featured: EditorField; tag: EditorField; rating: EditorField; reviewCount: EditorField; discountLabel: EditorField };

/** Featured, tag, rating, review count and discount badge: what cards and detail pages show. */
export function DisplayFieldsSection({ fields, noun }: { fields: DisplayFields; noun: string }) {
  return (
    <EditorSection id="section-display" title="Display on the site" description={`Badges and figures shown on the ${noun}'s card and page.`}>
      <CheckboxField field={fields.featured} label="Featured" hint={`Featured ${noun}s are shown first and on the home page.`} />
      <FieldRow columns={2}>
        <SelectField field={fields.tag} label="Tag" empty="No tag" options={toOptions(DISPLAY_TAGS)} />
        <TextField field={fields.discountLabel} label="Discount badge" hint="e.g. 15% Off; empty shows no badge" maxLength={40} />
      </FieldRow>
      <FieldRow columns={2}>
        <NumberField
          field={fields.rating}
          label="Rating"
          hint="1.0 to 5.0, one decimal; set it with the review count, or leave both empty for no rating"
          step={0.1}
          min={1}
          max={5}
        />
        <NumberField
          field={fields.reviewCount}
          label="Review count"
          hint="How many reviews the rating is from; the site shows a rating only with 1 or more"
          min={0}
        />
      </FieldRow>
    </EditorSection>
  );
}
