// House rules (docs/architecture.md): typescript-eslint's recommended rules without type
// information (fast), files under 400 lines, and the layer arrows: engines and platform
// know nothing of modules, modules know nothing of the composition root.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map(([group, message]) => ({ group, message })) }],
});

const APP = ['**/app.js', '**/app'];
const MAIN = ['**/main/**'];
const MODULES = ['**/modules/**'];
const ENGINES = ['**/engines/**'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'customizer/**', 'packages/**', 'coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  { files: ['src/**/*.ts', 'admin/**/*.ts', 'admin/**/*.tsx'], rules: { 'max-lines': ['error', { max: 400 }] } },
  {
    // Kysely's migration pattern: a migration must not depend on today's schema type.
    files: ['src/platform/db/migrate.ts', 'src/platform/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read untyped JSON responses field by field.
    files: ['test/**/*.ts', 'bench/**/*.ts', 'bench/**/*.d.mts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/engines/**/*.ts'],
    rules: restrict([
      [MODULES, 'engines/ is pure processing: it may not import modules/.'],
      [['**/platform/http/**', '**/platform/db/**', '**/platform/queue/**', '**/platform/storage/**'], 'engines/ has no HTTP, SQL, queue or storage: the module calling it does that.'],
      [MAIN, 'engines/ may not import the composition root (main/).'],
      [APP, 'engines/ may not import app.ts.'],
    ]),
  },
  {
    files: ['src/platform/**/*.ts', 'src/config/**/*.ts'],
    rules: restrict([
      [MODULES, 'platform/ and config/ sit below modules: they may not import modules/.'],
      [ENGINES, 'platform/ and config/ may not import engines/.'],
      [MAIN, 'platform/ and config/ may not import the composition root (main/).'],
      [APP, 'platform/ and config/ may not import app.ts (the App type is in platform/http/app-type.ts).'],
    ]),
  },
  {
    files: ['src/config/**/*.ts'],
    rules: restrict([
      [['**/platform/**'], 'config/ is read first: it may not import platform/ (types it needs live in config/).'],
      [MODULES, 'config/ may not import modules/.'],
      [ENGINES, 'config/ may not import engines/.'],
      [MAIN, 'config/ may not import main/.'],
      [APP, 'config/ may not import app.ts.'],
    ]),
  },
  {
    files: ['src/app.ts'],
    rules: restrict([
      [MODULES, 'app.ts knows no module: their routes and pages come in through AppDeps.'],
      [MAIN, 'app.ts may not import the composition root (main/).'],
    ]),
  },
  {
    files: ['src/modules/**/*.ts'],
    rules: restrict([
      [MAIN, 'modules may not import the composition root (main/): take narrow deps in index.ts.'],
      [APP, 'modules may not import app.ts: the App type is in platform/http/app-type.ts.'],
    ]),
  },
);
