/**
 * The honeypot field of every public form (see app/lib/honeypot.server.ts): off-screen, hidden from
 * assistive technology, skipped by Tab and by password managers. People never fill it; bots do.
 */
import { HONEYPOT_FIELD } from '~/schemas/submission-limits';

export function HoneypotField() {
  return (
    <div aria-hidden="true" className="honeypot">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" data-1p-ignore data-lpignore="true" />
      </label>
    </div>
  );
}
