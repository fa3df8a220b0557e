/**
 * GSTIN, the GST identification number (docs/decisions/047-invoices-gst.md#gstin-validation).
 * Fifteen characters:
 *
 *   27 AAPFU0939F 1 Z V
 *   │  │          │ │ └ 15: check character, computed from the first 14 (below)
 *   │  │          │ └── 14: 'Z' in a regular taxpayer's GSTIN
 *   │  │          └──── 13: the registration number of this PAN in this state: 1-9, then A-Z
 *   │  └─────────────── 3-12: the holder's PAN, AAAAA9999A
 *   └────────────────── 1-2: the GST state code (states.ts)
 *
 * Check character: the Luhn mod N algorithm with N = 36 over the alphabet 0-9A-Z (each character's
 * value is its place in that alphabet: '0' = 0 … '9' = 9, 'A' = 10 … 'Z' = 35). From the left, the
 * 1st, 3rd, 5th … character's value is multiplied by 1 and the 2nd, 4th … by 2; each product p adds
 * floor(p / 36) + (p mod 36) to the sum (its two base-36 digits); the check value is
 * (36 − sum mod 36) mod 36, written as the character with that value. Verified against published
 * GSTINs in gstin.test.ts.
 *
 * Client-safe: no server imports, so a settings form can check the field in the browser too.
 */
import { RETIRED_STATE_CODES, gstStateByCode } from './states';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MODULUS = ALPHABET.length;
const PAN_SHAPE = /^[A-Z]{5}\d{4}[A-Z]$/;

export type GstinResult =
  | {
      ok: true;
      /** The GSTIN trimmed and in capitals, as it is stored and printed. */
      gstin: string;
      /** The first two digits: the state or union territory of the registration. */
      stateCode: string;
      /** Characters 3 to 12. */
      pan: string;
    }
  | { ok: false; message: string };

export interface ValidateGstinOptions {
  /**
   * Whether the 14th character must be 'Z' (default true). Every regular taxpayer's GSTIN has it;
   * a caller that takes other identification numbers of the same shape can turn the check off.
   */
  requireZ?: boolean;
}

/**
 * The check character (the 15th) of a GSTIN whose first 14 characters are `first14`, by the
 * base-36 algorithm in this file's header: gstinCheckCharacter('27AAPFU0939F1Z') === 'V'.
 * Lower case is read as upper case. Throws a RangeError unless `first14` is 14 letters or digits.
 */
export function gstinCheckCharacter(first14: string): string {
  const value = first14.toUpperCase();
  if (!/^[0-9A-Z]{14}$/.test(value)) throw new RangeError('gstinCheckCharacter needs the first 14 characters of a GSTIN (letters and digits)');
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    const product = ALPHABET.indexOf(value.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / MODULUS) + (product % MODULUS);
  }
  return ALPHABET.charAt((MODULUS - (sum % MODULUS)) % MODULUS);
}

/**
 * Checks a GSTIN as the tax settings and a traveller's business details take it
 * (docs/decisions/047-invoices-gst.md#gstin-validation): trimmed and upper-cased first, then its
 * length, characters, state code, PAN shape, entity number, the 'Z' and the check character, in that
 * order.
 * The first failure is reported in one English sentence a form can show under the field; on success
 * the normalised GSTIN with its state code and PAN. Never throws.
 */
export function validateGstin(value: string, options: ValidateGstinOptions = {}): GstinResult {
  const gstin = value.trim().toUpperCase();
  if (gstin === '') return { ok: false, message: 'Enter the GSTIN' };
  if (gstin.length !== 15) return { ok: false, message: `A GSTIN has 15 characters; this has ${gstin.length}` };
  if (!/^[0-9A-Z]+$/.test(gstin)) return { ok: false, message: 'A GSTIN has only letters and digits, no spaces or signs' };

  const stateCode = gstin.slice(0, 2);
  if (!/^\d\d$/.test(stateCode)) return { ok: false, message: 'A GSTIN starts with the two-digit state code (Sikkim is 11)' };
  const retired = RETIRED_STATE_CODES[stateCode];
  if (retired) {
    return { ok: false, message: `State code ${stateCode} (${retired.name}) is no longer used: ${retired.note}; its GSTINs start with ${retired.replacedBy}` };
  }
  if (!gstStateByCode(stateCode)) return { ok: false, message: `${stateCode} is not a GST state code (Sikkim is 11, West Bengal 19)` };

  const pan = gstin.slice(2, 12);
  if (!PAN_SHAPE.test(pan)) {
    return { ok: false, message: `Characters 3 to 12 of a GSTIN are the PAN: five letters, four digits and a letter (AAAAA9999A); here they are ${pan}` };
  }

  const entity = gstin.charAt(12);
  if (!/^[1-9A-Z]$/.test(entity)) {
    return { ok: false, message: 'The 13th character of a GSTIN is the number of the registration for this PAN in the state: 1 to 9, then A to Z (not 0)' };
  }

  if ((options.requireZ ?? true) && gstin.charAt(13) !== 'Z')
    return { ok: false, message: `The 14th character of a GSTIN is Z; here it is ${gstin.charAt(13)}` };

  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) {
    return { ok: false, message: 'The last character of this GSTIN does not match the others (it is a check character): look for a typing mistake' };
  }
  return { ok: true, gstin, stateCode, pan };
}
