// One lint config for the workspace. It guards the architecture more than the
// style (the formatter's job): module boundaries, one SDK client per runtime,
// and promises that are never dropped. See docs/decisions/014-guards-in-ci.md.
// Boundaries use ESLint's own no-restricted-imports (regex patterns on the
// import path): the import plugins need a resolver the registry here lacks.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import vitest from '@vitest/eslint-plugin';
import playwright from 'eslint-plugin-playwright';

const features = readdirSync(new URL('./admin/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const SDK = { name: '@directus/sdk', message: 'Use o cliente tipado do runtime (lib/directus.ts).' };
/** Paths that climb out of a tree into another one (relative imports only). */
const into = (dirs, message) => ({ regex: `^(\\.\\./)+(${dirs.join('|')})/`, message });
/** The workspace's own packages an area must not import (package imports). */
const pkg = (names, message) => ({ regex: `^@portal/(${names.join('|')})(/|$)`, message });

/** The rule for files of one area: its forbidden neighbours, plus the SDK unless allowed. */
const boundaries = (patterns, { sdk = false } = {}) => ({
  'no-restricted-imports': ['error', { paths: sdk ? [] : [SDK], patterns }],
});

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.cache/**', '.data/**', 'site/.astro/**', '**/*.astro', 'directus/extensions/*/dist/**'],
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: boundaries([]),
  },
  // The domain is pure: it imports nothing of the apps around it.
  { files: ['domain/**/*.ts'], rules: boundaries([into(['admin', 'site', 'directus', 'scripts', 'tests', 'builder', 'edge', 'ops'], 'domain/ é puro: não importa nada das aplicações.'), pkg(['admin', 'site', 'directus', 'builder', 'edge', 'ops'], 'domain/ é puro: não importa nada das aplicações.')]) },
  // The two front ends share rules through domain/, never each other's code.
  { files: ['admin/src/**/*.{ts,tsx}'], rules: boundaries([into(['site', 'directus', 'scripts', 'builder', 'edge'], 'O painel só compartilha código por domain/.'), pkg(['builder', 'edge'], 'O painel só compartilha código por domain/.')]) },
  // The site is what the builder builds: it never reaches back into the builder or the edge that serves it.
  { files: ['site/src/**/*.{ts,tsx}'], rules: boundaries([into(['admin', 'directus', 'scripts', 'builder', 'edge'], 'O site só compartilha código por domain/.'), pkg(['builder', 'edge'], 'O site só compartilha código por domain/.')]) },
  // The two production services (issue #31): the builder builds the site and answers the edge's redirect
  // lookups; the edge serves what was built. Neither imports dev/test/bench tooling (scripts/), and the edge
  // knows nothing of how pages are made.
  {
    files: ['builder/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/fixtures/**'],
    rules: boundaries([into(['scripts', 'admin', 'ops', 'tests'], 'O construtor não importa scripts/, ops/, testes nem o painel.')]),
  },
  {
    files: ['edge/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: boundaries([
      into(['scripts', 'admin', 'site', 'builder', 'ops', 'tests'], 'A borda só compartilha código por domain/.'),
      pkg(['builder', 'site', 'admin', 'ops'], 'A borda só compartilha código por domain/.'),
    ]),
  },
  // Extensions run inside Directus: they know the stable ids of roles and policies (access/ids.ts), not how the
  // access, the seed or the apply script are made (issue #31, item 6).
  {
    files: ['directus/extensions/**/*.ts'],
    rules: boundaries([
      into(['admin', 'site', 'scripts', 'ops', 'builder', 'edge'], 'Uma extensão compartilha código por domain/ ou extensions/shared/.'),
      pkg(['builder', 'edge', 'ops', 'site', 'admin'], 'Uma extensão compartilha código por domain/ ou extensions/shared/.'),
      { regex: '^(\\.\\./)+(seed|scripts|schema)/', message: 'Uma extensão não importa o seed, o esquema nem os scripts de aplicação do Directus.' },
      { regex: '^(\\.\\./)+access/(?!ids\\.ts$)', message: 'Das regras de acesso, uma extensão só conhece os ids (access/ids.ts).' },
    ]),
  },
  // Features never import each other (bulletproof-react): a route passes what one needs.
  ...features.map((f) => ({
    files: [`admin/src/features/${f}/**/*.{ts,tsx}`],
    rules: boundaries([
      into(['site', 'directus', 'scripts'], 'O painel só compartilha código por domain/.'),
      {
        regex: `^(\\.\\./)+(features/)?(${features.filter((x) => x !== f).join('|')})/(api|components)/`,
        message: 'Uma feature não importa outra: passe o que ela precisa pela rota.',
      },
    ]),
  })),
  {
    files: ['admin/src/**/*.{ts,tsx}', 'site/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The one typed client per runtime, and the site's bulk loader that builds queries with it.
    files: ['admin/src/lib/directus.ts', 'site/src/lib/directus.ts', 'site/src/build/load.ts', 'directus/scripts/lib/client.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Server code that runs inside Directus or the builder: a dropped promise loses an error
    // (CONVENTIONS: "every promise awaited"). Type-aware, so kept to these folders.
    files: ['directus/extensions/*/src/**/*.ts', 'scripts/**/*.ts', 'ops/src/**/*.ts', 'builder/src/**/*.ts', 'edge/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }] },
  },
  {
    // Tests guard the spec only if they run and assert (issue #31): no focused or skipped-by-accident
    // test, every expect awaited where it is async, and a promise a test starts is awaited too.
    files: ['**/*.test.{ts,tsx}'],
    plugins: { vitest },
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      'vitest/no-focused-tests': 'error',
      'vitest/valid-expect': ['error', { alwaysAwait: true, maxArgs: 2 }],
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', '*.expect*', 'assert*', 'check*', 'refused'] }],
      'vitest/no-identical-title': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    ...playwright.configs['flat/recommended'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      'playwright/no-focused-test': 'error',
      'playwright/missing-playwright-await': 'error',
      'playwright/valid-expect': 'error',
      'playwright/expect-expect': ['error', { assertFunctionNames: ['expectToast', 'expectNoAxeViolations', 'expectAdminAxeClean', 'expectToastsClearOfControls', 'check', 'settled'] }],
      'playwright/no-skipped-test': 'off',
      'playwright/no-conditional-in-test': 'off',
      'playwright/no-conditional-expect': 'off',
      'playwright/no-wait-for-timeout': 'off',
      'playwright/no-networkidle': 'off',
      'playwright/no-force-option': 'off',
      'playwright/no-nested-step': 'off',
      'playwright/no-element-handle': 'off',
      'playwright/no-eval': 'off',
      'playwright/no-useless-not': 'off',
      'playwright/prefer-web-first-assertions': 'off',
      'playwright/no-standalone-expect': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
);
