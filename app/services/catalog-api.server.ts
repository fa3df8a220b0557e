/**
 * The admin API writes of the catalogue (docs/decisions/009-rest-api.md): POST /api/packages,
 * PUT and DELETE /api/packages/:id, and the same for bikes and cars. Each handler is called after
 * `requireAdmin(request)` (401 without a session, 403 for a cookie-authenticated cross-site call) and:
 * reads the JSON body (415 other content types, 413 over 64 KB, 400 malformed), normalizes snake_case
 * to camelCase, validates with the entity's write schema (400 `{error, issues}` naming the fields),
 * then calls the model function (404 for an unknown id) with the caller as the audit actor, so each
 * write and its audit entry are stored together (docs/decisions/017-audit-log.md). Bad input never
 * answers 500 and a refused body writes nothing, not even an audit entry. Every answer carries
 * `Cache-Control: no-store` and `X-Robots-Tag: noindex`.
 */
import type { z } from 'zod';
import type { AuditActor } from '~/models/audit.server';
import { isUuid } from '~/lib/ids';
import { apiError, notFound, readJsonBody } from '~/lib/api.server';
import { DomainError, domainErrorResponse, zodIssues } from '~/lib/errors.server';

/**
 * How one catalogue entity is written: its schema, its body normalizer and its model functions,
 * which record the audit entry in the write's transaction when given the actor.
 */
export type CatalogWriter<S extends z.ZodType, R> = {
  /** Name in messages: 'Package', 'Bike', 'Car'. */
  entity: string;
  schema: S;
  normalize: (body: Record<string, unknown>) => Record<string, unknown>;
  create: (input: z.infer<S>, actor: AuditActor) => Promise<R>;
  update: (id: string, input: z.infer<S>, actor: AuditActor) => Promise<R | null>;
  remove: (id: string, actor: AuditActor) => Promise<boolean>;
};

/** Mark an admin API answer as private and not for search engines. */
export function adminHeaders(response: Response): Response {
  try {
    response.headers.set('Cache-Control', 'no-store');
    response.headers.set('X-Robots-Tag', 'noindex');
    return response;
  } catch {
    // Immutable headers (a Response we did not create): copy it.
    const copy = new Response(response.body, response);
    copy.headers.set('Cache-Control', 'no-store');
    copy.headers.set('X-Robots-Tag', 'noindex');
    return copy;
  }
}

/**
 * Run a step that refuses bad input by throwing a 4xx Response (`parseQuery`, `readJsonBody`) and
 * hand that Response back with the admin headers instead of throwing it; other errors are thrown.
 * Usage: `const query = await orAdminRefusal(() => parseQuery(request, schema)); if (query instanceof Response) return query;`
 */
export async function orAdminRefusal<T>(step: () => T | Promise<T>): Promise<T | Response> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof Response) return adminHeaders(error);
    throw error;
  }
}

/** Read, normalize and validate the body; a 4xx Response when it is refused. */
async function validatedBody<S extends z.ZodType>(request: Request, writer: CatalogWriter<S, unknown>): Promise<{ input: z.infer<S> } | Response> {
  let body: Record<string, unknown>;
  try {
    body = await readJsonBody(request);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  const result = writer.schema.safeParse(writer.normalize(body));
  if (!result.success) return apiError(400, `Invalid ${writer.entity.toLowerCase()}`, zodIssues(result.error));
  return { input: result.data };
}

async function withDomainErrors(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError) return domainErrorResponse(error);
    throw error;
  }
}

/** POST: create the record (audited as `actor`) → 201 with the saved record (camelCase). */
export async function createFromRequest<S extends z.ZodType, R>(request: Request, writer: CatalogWriter<S, R>, actor: AuditActor): Promise<Response> {
  const body = await validatedBody(request, writer);
  if (body instanceof Response) return adminHeaders(body);
  return adminHeaders(await withDomainErrors(async () => Response.json(await writer.create(body.input, actor), { status: 201 })));
}

/** PUT: replace the record's fields (audited as `actor`) → 200 with the saved record; 404 for an unknown id. */
export async function updateFromRequest<S extends z.ZodType, R>(
  request: Request,
  id: string,
  writer: CatalogWriter<S, R>,
  actor: AuditActor,
): Promise<Response> {
  if (!isUuid(id)) return adminHeaders(notFound(writer.entity));
  const body = await validatedBody(request, writer);
  if (body instanceof Response) return adminHeaders(body);
  return adminHeaders(
    await withDomainErrors(async () => {
      const saved = await writer.update(id, body.input, actor);
      return saved ? Response.json(saved) : notFound(writer.entity);
    }),
  );
}

/**
 * DELETE: remove the record (audited as `actor`) → 204; 404 for an unknown id. Bookings and
 * inquiries keep the item's name.
 */
export async function deleteFromRequest(
  id: string,
  writer: Pick<CatalogWriter<z.ZodType, unknown>, 'entity' | 'remove'>,
  actor: AuditActor,
): Promise<Response> {
  const removed = await writer.remove(id, actor);
  return adminHeaders(removed ? new Response(null, { status: 204 }) : notFound(writer.entity));
}
