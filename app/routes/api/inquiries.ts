/**
 * POST /api/inquiries : an inquiry (dialog tabs `packages`, `cabs`, `rentals`) or a contact message
 * (`contact`), JSON in camelCase or snake_case (docs/decisions/009-rest-api.md#input). 201 with the
 * stored inquiry; 400/403/413/415/429 `{error, issues}` otherwise. The inquiry dialog posts here.
 */
import { apiError } from '~/lib/api.server';
import { handleApiSubmission } from '~/lib/submissions.server';
import { createInquiry } from '~/models/inquiry.server';
import { inquiryInputSchema, normalizeInquiryInput } from '~/schemas/inquiry';
import type { Route } from './+types/inquiries';

export function action({ request }: Route.ActionArgs) {
  return handleApiSubmission(request, {
    normalize: normalizeInquiryInput,
    schema: inquiryInputSchema,
    create: createInquiry,
    entity: 'inquiry',
  });
}

/** Listing inquiries is an admin call (a later issue); the public endpoint only accepts POST. */
export function loader() {
  return apiError(405, 'Method not allowed', [], { Allow: 'POST' });
}
