/**
 * One traveller of a booking, as the permit office asks for them
 * (docs/decisions/050-permits-and-manifests.md, "Travellers and their documents"): the full name as
 * on the ID, gender, date of birth (not in the future), nationality (ISO 3166-1 alpha-2, 'IN' for
 * Indians); an Indian gives one of the ID types the office has enabled in settings
 * (`permits.idTypes`) and its number, a foreign national their passport number (6 to 9 letters and
 * digits) and visa number. The same schema checks the traveller's page, the admin panel and the
 * model. Client-safe.
 */
import { z } from 'zod';
import { isRealDate } from '~/lib/calendar-date';
import { todayInIndia } from '~/lib/format';
import { GENDERS, INDIAN_NATIONALITY } from '~/lib/permits/constants';

/** A passport number's shape: 6 to 9 letters and digits (spaces and dashes dropped first). */
export const PASSPORT_NUMBER = /^[A-Z0-9]{6,9}$/;

/** The messages a refused traveller shows, by field. */
export const TRAVELLER_MESSAGES = {
  fullName: 'Enter the full name exactly as it is on the ID',
  gender: 'Choose a gender',
  dateOfBirth: 'Enter the date of birth as YYYY-MM-DD',
  futureBirth: 'The date of birth cannot be in the future',
  tooOld: 'Enter a date of birth after 1900',
  nationality: 'Choose a nationality (a two-letter country code, e.g. IN for India)',
  idType: 'Choose the ID document',
  idNumber: 'Enter the number of the ID document',
  passportNumber: 'Enter the passport number: 6 to 9 letters and digits, as printed in the passport',
  visaNumber: 'Enter the visa number',
} as const;

/** Letters, digits, spaces, '/', '-' and '.', as ID and visa numbers are printed. */
const DOCUMENT_NUMBER = /^[A-Za-z0-9 ./-]+$/;

/** The uppercase letters and digits of a document number (what the permit office types). */
export function normaliseDocumentNumber(value: string): string {
  return value.toUpperCase().replace(/[\s-]+/g, '');
}

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`).optional().default('');

/** The fields as a form sends them (every value a string). */
export type TravellerFormValues = Record<
  'fullName' | 'gender' | 'dateOfBirth' | 'nationality' | 'idType' | 'idNumber' | 'passportNumber' | 'visaNumber',
  string
>;

/**
 * The traveller schema for the ID types enabled now (`idTypeIds`, from settings `permits.idTypes`);
 * `today` (India's calendar, 'YYYY-MM-DD') bounds the date of birth.
 */
export function travellerSchema(idTypeIds: readonly string[], today: string = todayInIndia()) {
  return z
    .object({
      fullName: z
        .string({ error: TRAVELLER_MESSAGES.fullName })
        .trim()
        .min(1, TRAVELLER_MESSAGES.fullName)
        .max(120, 'At most 120 characters')
        // No control characters or markup; letters of any script, spaces, dots, hyphens and apostrophes.
        .regex(/^[\p{L}\p{M} .'-]+$/u, 'Use letters, spaces, dots, hyphens and apostrophes only'),
      gender: z.enum(GENDERS, { error: TRAVELLER_MESSAGES.gender }),
      dateOfBirth: z
        .string({ error: TRAVELLER_MESSAGES.dateOfBirth })
        .trim()
        .refine(isRealDate, TRAVELLER_MESSAGES.dateOfBirth)
        .refine((d) => !isRealDate(d) || d <= today, TRAVELLER_MESSAGES.futureBirth)
        .refine((d) => !isRealDate(d) || d >= '1900-01-01', TRAVELLER_MESSAGES.tooOld),
      nationality: z
        .string({ error: TRAVELLER_MESSAGES.nationality })
        .trim()
        .transform((v) => v.toUpperCase())
        .pipe(z.string().regex(/^[A-Z]{2}$/, TRAVELLER_MESSAGES.nationality)),
      idType: text(40),
      idNumber: text(40),
      passportNumber: text(20),
      visaNumber: text(40),
    })
    .superRefine((v, ctx) => {
      if (v.nationality === INDIAN_NATIONALITY) {
        if (!idTypeIds.includes(v.idType)) ctx.addIssue({ code: 'custom', path: ['idType'], message: TRAVELLER_MESSAGES.idType });
        if (!v.idNumber || !DOCUMENT_NUMBER.test(v.idNumber)) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: TRAVELLER_MESSAGES.idNumber });
      } else {
        if (!PASSPORT_NUMBER.test(normaliseDocumentNumber(v.passportNumber)))
          ctx.addIssue({ code: 'custom', path: ['passportNumber'], message: TRAVELLER_MESSAGES.passportNumber });
        if (!v.visaNumber || !DOCUMENT_NUMBER.test(v.visaNumber))
          ctx.addIssue({ code: 'custom', path: ['visaNumber'], message: TRAVELLER_MESSAGES.visaNumber });
      }
    })
    .transform((v) => {
      const indian = v.nationality === INDIAN_NATIONALITY;
      // Only the fields of the traveller's nationality are kept: a switch from Indian to foreign
      // (or back) leaves no stale number behind.
      return {
        fullName: v.fullName.replace(/\s+/g, ' '),
        gender: v.gender,
        dateOfBirth: v.dateOfBirth,
        nationality: v.nationality,
        idType: indian ? v.idType : null,
        idNumber: indian ? v.idNumber.toUpperCase() : '',
        passportNumber: indian ? '' : normaliseDocumentNumber(v.passportNumber),
        visaNumber: indian ? '' : v.visaNumber.toUpperCase(),
      };
    });
}

export type TravellerInput = z.output<ReturnType<typeof travellerSchema>>;

/** A form's values (strings) from FormData, '' for a missing field. */
export function travellerFormValues(form: FormData | null): TravellerFormValues {
  const get = (name: string) => {
    const v = form?.get(name);
    return typeof v === 'string' ? v : '';
  };
  return {
    fullName: get('fullName'),
    gender: get('gender'),
    dateOfBirth: get('dateOfBirth'),
    nationality: get('nationality'),
    idType: get('idType'),
    idNumber: get('idNumber'),
    passportNumber: get('passportNumber'),
    visaNumber: get('visaNumber'),
  };
}
