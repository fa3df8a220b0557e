/**
 * OpenAPI path of a booking's travellers for the permit (docs/decisions/050-permits-and-manifests.md):
 * GET /api/bookings/{id}/travellers, read-only.
 */
import { adminSecurity, errorResponse, idParameter, unauthorized } from '~/lib/openapi';
import { GENDERS, PERMIT_STATUSES } from '~/lib/permits/constants';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nullableString = (description: string, format?: string) => ({ type: ['string', 'null'], description, ...(format ? { format } : {}) });

/** Paths merged into /api/openapi.json. */
export const paths: Record<string, unknown> = {
  '/api/bookings/{id}/travellers': {
    get: {
      tags: ['bookings'],
      summary: "A booking's travellers and their permit documents (staff)",
      description:
        'Each traveller with the details the permit office asks for and the staff URLs of their passport-size photo and ID scan (null until uploaded; documents are deleted after the trip). Changes are made on /admin/bookings/{id} or by the traveller on their booking page.',
      security: adminSecurity,
      parameters: [idParameter],
      responses: {
        200: { description: 'The travellers', content: { 'application/json': { schema: ref('BookingTravellers') } } },
        401: unauthorized,
        404: errorResponse('Booking not found'),
      },
    },
  },
};

/** Schemas merged into components.schemas. */
export const schemas: Record<string, unknown> = {
  BookingTravellers: {
    type: 'object',
    properties: {
      permitNeeded: { type: 'boolean', description: "The booking's package needs a permit" },
      permitStatus: { type: 'string', enum: [...PERMIT_STATUSES] },
      permitNumber: { type: 'string' },
      documentsDueOn: nullableString('Last day to send the documents', 'date'),
      expected: { type: 'integer', description: 'Adults + children, at least 1' },
      complete: { type: 'boolean', description: 'Enough travellers, each with their details, photo and ID scan' },
      permitScanUrl: nullableString("The issued permit's scan (staff URL)"),
      travellers: { type: 'array', items: ref('BookingTraveller') },
    },
  },
  BookingTraveller: {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' },
      position: { type: 'integer', minimum: 1 },
      fullName: { type: 'string' },
      gender: { type: 'string', enum: [...GENDERS] },
      dateOfBirth: { type: 'string', format: 'date' },
      nationality: { type: 'string', description: "ISO 3166-1 alpha-2; 'IN' for Indians" },
      idType: nullableString("An id of the permits settings' ID types (Indians only)"),
      idNumber: { type: 'string' },
      passportNumber: { type: 'string' },
      visaNumber: { type: 'string' },
      photoUrl: nullableString('Staff URL of the passport-size photo'),
      idScanUrl: nullableString('Staff URL of the ID scan'),
      detailsComplete: { type: 'boolean' },
      documentsDeleted: { type: 'boolean', description: 'The documents were deleted after the trip' },
    },
  },
};
