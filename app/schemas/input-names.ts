/**
 * An API body's field names as the schemas' names (docs/decisions/009-rest-api.md#input): the API
 * accepts snake_case and camelCase (`daily_rate` or `dailyRate`), and a few other spellings of the
 * same field (aliases such as `travelDate` for `date`). Used by every `normalize*` function of
 * app/schemas before a body is validated; form data from the pages goes to the schemas as it is.
 */

/** How many levels of nested objects and arrays `nested` reaches (the body itself is level 1). */
const MAX_DEPTH = 4;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** 'daily_rate' → 'dailyRate'; names without an underscore stay as they are. */
function camelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** Whether `target` has its own property `key` (not one inherited, such as `toString`). */
function has(target: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(target, key);
}

/** Sets an own, plain data property, so a key such as `__proto__` stays data. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** One object's snake_case names as camelCase; the camelCase name wins when both are sent. */
function camelizeKeys(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const camel = camelCase(key);
    if (camel !== key && has(input, camel)) continue;
    setOwn(out, camel, value);
  }
  return out;
}

/**
 * A fresh plain object with `body`'s snake_case names as camelCase (a camelCase name wins when a
 * body sends both spellings), then each alias copied to its schema name when the body does not send
 * that name itself (`aliases` maps alias → name, after camelCase; the first alias found wins).
 * With `nested`, names inside nested plain objects and arrays are camelCased too (up to a small
 * depth), so `specifications.fuel_capacity` and `itinerary[0].stay_at` read like top-level fields;
 * aliases apply to the top level only. Keys such as `__proto__` stay plain data. A body that is not
 * a plain object reads as `{}`.
 */
export function normalizeInputNames(
  body: Record<string, unknown>,
  { aliases = {}, nested = false }: { aliases?: Readonly<Record<string, string>>; nested?: boolean } = {},
): Record<string, unknown> {
  const maxDepth = nested ? MAX_DEPTH : 1;
  const walk = (value: unknown, depth: number): unknown => {
    if (depth >= maxDepth) return value;
    if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
    if (isPlainObject(value)) {
      const out = camelizeKeys(value);
      for (const key of Object.keys(out)) out[key] = walk(out[key], depth + 1);
      return out;
    }
    return value;
  };
  const input = walk(isPlainObject(body) ? body : {}, 0) as Record<string, unknown>;
  for (const [alias, name] of Object.entries(aliases)) {
    if (has(input, alias) && !has(input, name)) setOwn(input, name, input[alias]);
  }
  return input;
}
