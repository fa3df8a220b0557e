// ESLint flat config: typescript-eslint recommended rules, React hooks rules, the layer rules of
// app/ (docs/architecture.md#layers), and eslint-config-prettier last so that Prettier owns the layout.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The folders of app/ that a layer may be forbidden to import, as the regular expression that
 * matches an import of them: through the `~/` alias or a relative path that climbs into them
 * (`../models/x`, `../../db/client.server`).
 */
const FOLDER = {
  routes: 'routes',
  components: 'components',
  services: 'services',
  infrastructure: 'infrastructure',
  models: 'models',
  db: 'db',
  schemas: 'schemas',
};

/** `~/components/site/x`, or from inside components/ `../site/x` and `../../site/x`. */
const COMPONENT_FOLDER = (name) => `^(~/components/|(\\.\\./)+(components/)?)${name}(/|$)`;

const WHERE = 'See the layer rules in docs/architecture.md#layers.';

/** A restriction of the folder `name` (a key of FOLDER, or a regular expression as is). */
function forbid(name, { types = false, why } = {}) {
  const regex = FOLDER[name] ? `^(~/|(\\.\\./)+)${FOLDER[name]}(/|$)` : name;
  const what = FOLDER[name] ? `app/${name}/` : why;
  return {
    regex,
    caseSensitive: true,
    ...(types ? { allowTypeImports: true } : {}),
    message: `${what} is not imported from here${types ? ' (only `import type` is allowed)' : ''}. ${WHERE}`,
  };
}

/** One config block: the files of a layer and what they may not import. */
function layer(files, patterns) {
  return { files, rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] } };
}

// What every component may not import: no data access, no route modules; the types of models,
// services and db/schema are fine (a component's props describe what a loader returns).
const COMPONENTS = [
  forbid('routes'),
  forbid('infrastructure'),
  forbid('services', { types: true }),
  forbid('models', { types: true }),
  forbid('db', { types: true }),
];

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-*/',
      '.react-router/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.e2e-data/',
      'data/',
      // Deliberate layer violations, linted by tests/lint/layers.test.ts under a virtual path.
      'tests/lint/fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },

  // The layer rules (docs/architecture.md#layers). A file matches one block below (a later block
  // replaces the rule's options of an earlier one, so the narrower folders repeat the wider list).
  // app/routes/**, app/root.tsx, app/entry.server.tsx and app/routes.ts may import anything in app/.
  layer(['app/components/**'], COMPONENTS),
  layer(
    ['app/components/admin/**'],
    [...COMPONENTS, forbid(COMPONENT_FOLDER('site'), { why: 'app/components/site/ (a piece both areas use goes in app/components/ui/)' })],
  ),
  layer(
    ['app/components/site/**'],
    [...COMPONENTS, forbid(COMPONENT_FOLDER('admin'), { why: 'app/components/admin/ (a piece both areas use goes in app/components/ui/)' })],
  ),
  layer(['app/components/ui/**'], [...COMPONENTS, forbid(COMPONENT_FOLDER('(site|admin)'), { why: 'app/components/site/ or admin/ (ui/ is what both use)' })]),
  layer(['app/services/**'], [forbid('routes'), forbid('components'), forbid('db', { types: true })]),
  layer(['app/infrastructure/**'], [forbid('routes'), forbid('components'), forbid('services')]),
  layer(['app/models/**'], [forbid('routes'), forbid('components'), forbid('services'), forbid('infrastructure')]),
  layer(['app/db/**'], [forbid('routes'), forbid('components'), forbid('services'), forbid('infrastructure'), forbid('models')]),
  layer(['app/schemas/**'], [forbid('routes'), forbid('components'), forbid('services'), forbid('infrastructure'), forbid('models'), forbid('db')]),
  layer(
    ['app/lib/**', 'app/content/**'],
    [forbid('routes'), forbid('components'), forbid('services'), forbid('infrastructure'), forbid('models'), forbid('db', { types: true })],
  ),
  // Tests may reach into any layer.
  { files: ['**/*.test.ts', '**/*.test.tsx'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
  // Prettier owns the layout (.prettierrc.json): the rules that would fight it are off.
  prettier,
);
