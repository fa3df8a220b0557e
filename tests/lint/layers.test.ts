/**
 * The layer rules of docs/architecture.md#layers bite: ESLint (eslint.config.js, through its Node
 * API) reports each deliberate violation in tests/lint/fixtures/ when it is linted as if it lived in
 * the folder it breaks the rules of, and nothing for the imports the rules allow. The fixtures are
 * ignored by `npm run lint` itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const RULE = '@typescript-eslint/no-restricted-imports';
const eslint = new ESLint();

/** The messages ESLint gives `fixture` linted as if it were the file `as` (relative to the repository). */
async function lintAs(fixture: string, as: string) {
  const code = readFileSync(path.join(import.meta.dirname, 'fixtures', fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: path.resolve(as) });
  return result!.messages;
}

describe('layer rules (eslint.config.js)', () => {
  test.each([
    { fixture: 'lib-imports-model.ts', as: 'app/lib/fixture.server.ts', errors: ['app/models/'] },
    { fixture: 'lib-imports-db-client.ts', as: 'app/lib/fixture.server.ts', errors: ['app/db/', 'app/db/'] },
    { fixture: 'component-imports-model.tsx', as: 'app/components/site/fixture.tsx', errors: ['app/models/'] },
    {
      fixture: 'admin-imports-site-component.tsx',
      as: 'app/components/admin/fixture.tsx',
      errors: ['app/components/site/', 'app/components/site/'],
    },
    { fixture: 'model-imports-route.ts', as: 'app/models/fixture.server.ts', errors: ['app/routes/'] },
    { fixture: 'model-imports-infrastructure.ts', as: 'app/models/fixture.server.ts', errors: ['app/infrastructure/'] },
  ])('$fixture as $as is refused', async ({ fixture, as, errors }) => {
    const messages = await lintAs(fixture, as);
    expect(messages.map((m) => m.ruleId)).toEqual(errors.map(() => RULE));
    expect(messages.map((m) => m.severity)).toEqual(errors.map(() => 2));
    messages.forEach((message, i) => {
      expect(message.message).toContain(errors[i]);
      expect(message.message).toContain('docs/architecture.md');
    });
  });

  test.each([
    { fixture: 'type-only-imports.tsx', as: 'app/lib/fixture.ts' },
    { fixture: 'type-only-imports.tsx', as: 'app/components/site/fixture.tsx' },
    { fixture: 'component-imports-model-type.tsx', as: 'app/components/site/fixture.tsx' },
    // Routes may import anything in app/.
    { fixture: 'component-imports-model.tsx', as: 'app/routes/site/fixture.tsx' },
    { fixture: 'admin-imports-site-component.tsx', as: 'app/routes/admin/fixture.tsx' },
  ])('$fixture as $as is allowed', async ({ fixture, as }) => {
    expect(await lintAs(fixture, as)).toEqual([]);
  });

  test('the same violation in a real path of the fixture folder is ignored by `npm run lint`', async () => {
    expect(await eslint.isPathIgnored(path.resolve('tests/lint/fixtures/lib-imports-model.ts'))).toBe(true);
  });
});
