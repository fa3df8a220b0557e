/**
 * OpenAPI paths and schemas of the staff settings endpoint, GET / PATCH / PUT /api/settings
 * (docs/decisions/009-rest-api.md, docs/decisions/005-site-settings.md). Each key's schema is
 * generated from the zod schema that validates it (`settingsSchemas` in app/schemas/settings.ts).
 */
import { adminOnly, adminSecurity, errorResponse, inputSchema, jsonBody, unauthorized, withoutRequired, type JsonSchema } from '~/lib/openapi';
import { ALLOWED_MAP_HOSTS, SETTINGS_KEYS, SETTINGS_LABELS, settingsSchemas } from '~/schemas/settings';

/** Numbers the schemas also accept as numeric text (the map's latitude, longitude and zoom). */
const NUMERIC = { type: ['number', 'string'], description: 'A number (numeric text is accepted too)' };

/** One key's value as JSON Schema: the zod schema's input side, with the map's numbers spelled out. */
function keySchema(key: (typeof SETTINGS_KEYS)[number]): JsonSchema {
  const schema = inputSchema(settingsSchemas[key]) as JsonSchema & { properties?: Record<string, JsonSchema> };
  if (key === 'map' && schema.properties) {
    schema.properties = {
      ...schema.properties,
      latitude: { ...NUMERIC, minimum: -90, maximum: 90 },
      longitude: { ...NUMERIC, minimum: -180, maximum: 180 },
      zoom: { ...NUMERIC, minimum: 1, maximum: 20, description: 'Whole number from 1 to 20' },
      embedCode: {
        type: 'string',
        maxLength: 2000,
        description: `'' for the OpenStreetMap map, or exactly one https <iframe> on ${ALLOWED_MAP_HOSTS.join(', ')}; stored as our own re-emitted iframe`,
      },
    };
    schema.required = ['latitude', 'longitude', 'zoom', 'title', 'address', 'embedCode'];
  }
  if (key === 'company' && schema.properties) {
    schema.properties = { ...schema.properties, email: { type: 'string', format: 'email', maxLength: 200 } };
  }
  return { ...schema, description: SETTINGS_LABELS[key] };
}

const allSettings: JsonSchema = {
  type: 'object',
  description: 'Every site setting, by key',
  required: [...SETTINGS_KEYS],
  properties: Object.fromEntries(SETTINGS_KEYS.map((key) => [key, { $ref: `#/components/schemas/Settings_${key}` }])),
};

const settingsPatch: JsonSchema = {
  type: 'object',
  description:
    'Some settings keys, each with some of its fields; the fields given replace the stored ones (lists are replaced whole). Keys and field names in camelCase or snake_case (`recent_booking_toast`, `company.whatsapp_number`).',
  minProperties: 1,
  additionalProperties: false,
  properties: Object.fromEntries(SETTINGS_KEYS.map((key) => [key, withoutRequired(keySchema(key))])),
};

const writeOperation = (method: 'PATCH' | 'PUT') => ({
  tags: ['settings'],
  summary: method === 'PATCH' ? 'Change some settings (admin role)' : 'Same as PATCH (admin role)',
  description:
    'Every given value is checked by its key’s schema; nothing is saved unless all are valid. The change is recorded in the audit log (action `settings`, or `location` for the map).',
  security: adminSecurity,
  requestBody: jsonBody('SettingsPatch'),
  responses: {
    200: { description: 'Every setting after the save', content: { 'application/json': { schema: { $ref: '#/components/schemas/Settings' } } } },
    400: errorResponse('Invalid settings: `issues` name each field as `key.field` (e.g. `company.email`, `map.zoom`)'),
    401: unauthorized,
    403: adminOnly,
    413: errorResponse('Body larger than 64 KB'),
    415: errorResponse('The body is not JSON'),
  },
});

/** Paths merged into /api/openapi.json. */
export const paths: Record<string, unknown> = {
  '/api/settings': {
    get: {
      tags: ['settings'],
      summary: 'Every site setting (admin role)',
      security: adminSecurity,
      responses: {
        200: { description: 'Every setting, by key', content: { 'application/json': { schema: { $ref: '#/components/schemas/Settings' } } } },
        401: unauthorized,
        403: errorResponse('A user with the staff role (admin role only)'),
      },
    },
    patch: writeOperation('PATCH'),
    put: writeOperation('PUT'),
  },
};

/** Component schemas merged into /api/openapi.json. */
export const schemas: Record<string, JsonSchema> = {
  Settings: allSettings,
  SettingsPatch: settingsPatch,
  ...Object.fromEntries(SETTINGS_KEYS.map((key) => [`Settings_${key}`, keySchema(key)])),
};
