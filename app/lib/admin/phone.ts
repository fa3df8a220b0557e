/**
 * Phone and WhatsApp numbers of the site settings, validated and written in E.164 ('+919832055555')
 * with libphonenumber-js's small metadata (docs/decisions/005-site-settings.md, "Phone numbers").
 * Indian local forms are understood: '98320 55555', '098320 55555', '0091 98320 55555',
 * '03592 202020'; other countries need their '+' code.
 *
 * Server code and the admin only (hence app/lib/admin/, which vite.config.ts keeps out of the
 * shared site chunk): libphonenumber-js stays out of the public pages' JavaScript
 * (tests/e2e/public-bundle.spec.ts). Public pages format stored numbers with `formatPhone`
 * (app/lib/whatsapp.ts), which needs no metadata.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** The seeded "not set yet" number ('+91 00000 00000'): accepted so a fresh site stays valid. */
export const PLACEHOLDER_PHONE = '+910000000000';

/** `text` as an E.164 number, or null when it is not a valid phone number (India by default). */
export function toE164(text: string): string | null {
  const t = text.trim();
  if (t.replace(/[\s-]/g, '') === '+910000000000') return PLACEHOLDER_PHONE;
  // Only what people write in a phone number: digits, spaces, + ( ) - . /
  if (!/^[+\d][\d\s().\-/]*$/.test(t)) return null;
  const parsed = parsePhoneNumberFromString(t, 'IN');
  return parsed && parsed.isValid() ? parsed.number : null;
}
