/** OpenAPI paths and schemas of the staff bookings endpoints (filled by the back office part 2). */
import type { JsonSchema } from '~/lib/openapi';

/** Paths merged into /api/openapi.json. */
export const paths: Record<string, unknown> = {};

/** Component schemas merged into /api/openapi.json. */
export const schemas: Record<string, JsonSchema> = {};
