/**
 * The publicity consent box of every booking form (the booking dialogs, /booking and the no-script
 * vehicle booking pages): off by default; ticked, the traveller lets the site show their first name
 * and what they booked in the 'someone just booked' toast once staff confirm the booking (India's
 * DPDP Act 2023; docs/decisions/045-security-round-two.md, section 13). The field is
 * `publicityConsent` of the booking schemas (app/schemas/booking.ts).
 */
import { Checkbox } from '~/components/ui/field';
import type { FormField } from './common-fields';

/** The label, so pages and tests name the same promise. */
export const PUBLICITY_CONSENT_LABEL = 'You may show my first name and what I booked on this website (e.g. "Asha just booked Sikkim Explorer")';

/** Whether a round trip (field errors without scripts) sent the box ticked: the last value wins. */
function wasTicked(initial: unknown): boolean {
  const last = Array.isArray(initial) ? (initial as unknown[]).at(-1) : initial;
  return last === 'true' || last === 'on' || last === true;
}

/** The box, with the hidden 'false' an unticked box leaves as the answer; `className` for the grid cell. */
export function PublicityConsentField({ field, className = 'sm:col-span-2' }: { field: FormField; className?: string }) {
  return (
    <div className={className}>
      <input type="hidden" name="publicityConsent" value="false" />
      <Checkbox
        name="publicityConsent"
        value="true"
        key={field.key}
        defaultChecked={wasTicked(field.initialValue)}
        label={PUBLICITY_CONSENT_LABEL}
        className="text-sm"
      />
    </div>
  );
}
