/** Name, email and phone: the first fields of every dialog form. */
import type { FieldMetadata } from '@conform-to/react';
import { Field, Input } from '~/components/ui/field';
import { LIMITS } from '~/schemas/submission-limits';

type F = FieldMetadata<unknown>;

export function ContactFields({ name, email, phone, phoneRequired = true }: { name: F; email: F; phone: F; phoneRequired?: boolean }) {
  return (
    <>
      <Field id={name.id} label="Full name" errors={name.errors} required className="sm:col-span-2">
        {(a11y) => (
          <Input
            {...a11y}
            name={name.name}
            key={name.key}
            defaultValue={name.initialValue as string | undefined}
            autoComplete="name"
            required
            maxLength={LIMITS.name}
          />
        )}
      </Field>
      <Field id={email.id} label="Email" errors={email.errors} required>
        {(a11y) => (
          <Input
            {...a11y}
            type="email"
            name={email.name}
            key={email.key}
            defaultValue={email.initialValue as string | undefined}
            autoComplete="email"
            required
            maxLength={LIMITS.email}
          />
        )}
      </Field>
      <Field id={phone.id} label="Phone" errors={phone.errors} required={phoneRequired}>
        {(a11y) => (
          <Input
            {...a11y}
            type="tel"
            name={phone.name}
            key={phone.key}
            defaultValue={phone.initialValue as string | undefined}
            autoComplete="tel"
            inputMode="tel"
            placeholder="+91 98000 00000"
            required={phoneRequired}
            maxLength={LIMITS.phone}
          />
        )}
      </Field>
    </>
  );
}
