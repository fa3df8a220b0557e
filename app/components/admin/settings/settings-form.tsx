/**
 * One settings form of the admin (/admin/settings has one per key, /admin/location one for the map):
 * a plain `<Form method="post">` carrying the key in a hidden field, so it works without JavaScript,
 * validated with the key's form schema as the admin types (Conform, after the first blur) and again
 * by the action. Only the form the action answered shows its errors; the others keep their values.
 */
import { getFormProps, useForm, type DefaultValue, type FormMetadata, type Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useId, type FormEvent, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { watchUnsaved } from '~/components/admin/unsaved-changes';
import { FormError } from '~/components/ui/form-error';
import type { SettingsKey } from '~/schemas/settings';
import { SECTION_FIELD, settingsFormSchemas, type SettingsActionData } from './form-schemas';

/** Conform's form and fields for the settings key `key`, and whether it is being saved. */
export function useSettingsForm<F extends Record<string, unknown>>(
  key: SettingsKey,
  defaultValue: Record<string, unknown>,
  actionData: SettingsActionData | undefined,
) {
  const [form, fields] = useForm<F>({
    id: `settings-${key}`,
    defaultValue: defaultValue as DefaultValue<F>,
    lastResult: actionData?.section === key ? actionData.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsFormSchemas[key], disableAutoCoercion: true }) as unknown as Submission<F>,
  });
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' && navigation.formData?.get(SECTION_FIELD) === key;
  return { form: form as FormMetadata<F>, fields, pending };
}

/**
 * The card of one settings form: its heading and description, the form-level error, the fields
 * and the save button (disabled while saving).
 */
export function SettingsFormCard({
  settingsKey,
  form,
  pending,
  title,
  description,
  saveLabel,
  children,
  className,
  onInput,
}: {
  settingsKey: SettingsKey;
  form: FormMetadata<Record<string, unknown>>;
  pending: boolean;
  title: string;
  description?: ReactNode;
  saveLabel: string;
  children: ReactNode;
  className?: string;
  /** Called as any field of the form changes (the location page's live preview). */
  onInput?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  // A React id, never built from the form's id: Conform names the fields `${form.id}-<name>`, so a
  // heading id such as `settings-map-title` would be the Title field's id too (its label then
  // pointed at the heading).
  const headingId = useId();
  return (
    <section id={`section-${settingsKey}`} aria-labelledby={headingId} className={className ? `scroll-mt-6 ${className}` : 'scroll-mt-6'}>
      <Form method="post" {...getFormProps(form)} {...watchUnsaved(title)} onInput={onInput} className="grid gap-5 card p-4 shadow-sm sm:p-6">
        <input type="hidden" name={SECTION_FIELD} value={settingsKey} />
        <div>
          <h2 id={headingId} className="font-sans text-lg font-semibold text-ink">
            {title}
          </h2>
          {description ? <div className="mt-0.5 text-sm text-muted">{description}</div> : null}
        </div>
        <FormError id={form.errorId} errors={form.errors} />
        {children}
        <div className="flex justify-end border-t border-forest-100 pt-4">
          <button type="submit" className={buttonClass('primary', 'md', 'w-full sm:w-auto sm:min-w-40')} disabled={pending}>
            {pending ? 'Saving...' : saveLabel}
          </button>
        </div>
      </Form>
    </section>
  );
}
