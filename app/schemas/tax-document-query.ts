/**
 * The query of GET /api/documents (docs/decisions/009-rest-api.md, docs/decisions/047-invoices-gst.md):
 * `kind` (receipt, invoice, credit_note or all), `month` ('YYYY-MM', India's calendar), `bookingId`
 * (a booking's id) and `q` (part of the number, the recipient's name or the booking's reference).
 * An empty parameter means no filter; a bad one is a 400 naming it. Client-safe.
 */
import { z } from 'zod';
import { DOCUMENT_KINDS } from '~/lib/gst/document-number';
import { isUuid } from '~/lib/ids';
import { isMonth, MONTH_PATTERN } from '~/lib/month';
import { searchTerm } from './catalog-query';

const MONTH_MESSAGE = 'Give a month as YYYY-MM, for example 2026-12';

/** '' as not given, so `?kind=&month=` reads as no filter. */
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const taxDocumentQuerySchema = z.object({
  kind: z.preprocess(
    blankAsAbsent,
    z.enum(['all', ...DOCUMENT_KINDS], { error: `kind must be one of ${['all', ...DOCUMENT_KINDS].map((k) => `'${k}'`).join(', ')}` }).optional(),
  ),
  month: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .regex(MONTH_PATTERN, { message: MONTH_MESSAGE, abort: true })
      .refine(isMonth, MONTH_MESSAGE)
      .describe("Documents issued in this month of India's calendar (Asia/Kolkata), YYYY-MM")
      .optional(),
  ),
  bookingId: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .toLowerCase()
      .refine(isUuid, "bookingId must be a booking's id")
      .describe("Only this booking's documents")
      .meta({ format: 'uuid' })
      .optional(),
  ),
  q: searchTerm.describe("Part of the document's number, the recipient's name or the booking's reference (A1B2C3)"),
});

export type TaxDocumentQuery = z.infer<typeof taxDocumentQuerySchema>;
