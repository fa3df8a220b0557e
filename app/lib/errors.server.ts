/**
 * Domain errors, in one place (docs/architecture.md, model layer): model functions throw these
 * without knowing about HTTP; the site, admin and API turn them into answers with `errorStatus` /
 * `domainErrorResponse`. Every error carries `issues` naming the fields at fault, in the API's error
 * shape `{ error, issues }` (docs/decisions/009-rest-api.md).
 */
import type { z } from 'zod';

/** One problem with one field: `path` is the field name ('' for the whole body), dotted when nested. */
export type Issue = { path: string; message: string };

/** Base of the domain errors: a message for people plus the fields at fault. */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly issues: Issue[] = [],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The record asked for does not exist (404). */
export class NotFound extends DomainError {}

/** The request clashes with the current state, e.g. booking a vehicle that is unavailable (409). */
export class Conflict extends DomainError {}

/** The input points to a record that does not exist, e.g. an unknown package id in a booking (400). */
export class InvalidReference extends DomainError {}

/** HTTP status of a domain error: NotFound 404, Conflict 409, InvalidReference (and others) 400. */
export function errorStatus(error: DomainError): 400 | 404 | 409 {
  if (error instanceof NotFound) return 404;
  if (error instanceof Conflict) return 409;
  return 400;
}

/** A JSON error response `{ error, issues }` with the given status. */
export function apiError(status: number, error: string, issues: Issue[] = [], headers?: HeadersInit): Response {
  return Response.json({ error, issues }, { status, headers });
}

/** The `{ error, issues }` response of a domain error, with its status. */
export function domainErrorResponse(error: DomainError, headers?: HeadersInit): Response {
  return apiError(errorStatus(error), error.message, error.issues, headers);
}

/** zod's issues as `{ path, message }` with dotted paths ('itinerary.0.day'). */
export function zodIssues(error: z.core.$ZodError): Issue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}
