// ESLint flat config (`npm run lint`): typescript-eslint's type-checked recommended rules, Lit's
// recommended template rules, and the layer boundaries of DESIGN.md "One package, four layers"
// (imports point down only) plus STYLE.md §6 (bulletproof-react: features do not reach into each
// other). Formatting is not linted.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import lit from 'eslint-plugin-lit';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const root = import.meta.dirname;

/** The play page's features (`src-shell/features/<name>/`), read from disk so new ones are covered. */
const FEATURES = readdirSync(new URL('./src-shell/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Bare package specifiers (regexes, so `../react/index.js` is not mistaken for the `react` package).
const LIT = '^(lit|@lit/[^/]+)(/|$)';
const REACT = '^(react|react-dom|@lit/react)(/|$)';
const SELF = '^s72-player(/|$)';
const INTO_ELEMENT = '(^|/)src-element(/|$)';

/** `no-restricted-imports` patterns: one regex per message. */
const banned = (patterns) => ['error', { patterns: patterns.map(([regex, message]) => ({ regex, message })) }];

export default defineConfig(
  {
    // The build outputs, the generated manifest, the demo's media, and what .gitignore ignores.
    ignores: [
      'dist/',
      'dist-shell/',
      'build/',
      'demo/media/',
      'node_modules/',
      'custom-elements.json',
      '.tmp/',
      'test-results/',
      '.wtr-cache/',
      // A separate app (its own tsconfig), installed, type-checked and built by test/e2e/package-consumer.e2e.test.ts.
      'test/fixtures/',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.node.json'],
        tsconfigRootDir: root,
      },
    },
    rules: {
      // `_`-prefixed names are deliberately unused (tsc's noUnused* checks the rest).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `void promise` marks a promise left to run on its own.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      // Event listeners and React handlers may be async functions.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      // Async functions without `await` keep a promise-returning signature (Fastify handlers, interfaces).
      '@typescript-eslint/require-await': 'off',
      // Off: the code base writes `list[i]!` on indexed reads on purpose (the compiler does not check
      // them: no noUncheckedIndexedAccess), which this rule would strip.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Off: Lit binds template listeners (`@click=${this.onClick}`) to the host, and the play page's
      // stores are closures whose interfaces use method syntax (`useSyncExternalStore(flow.subscribe, …)`).
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Tests and tools read untyped JSON (response bodies, fixtures) and assert on it directly.
    files: ['test/**', 'bench/**', 'demo/tools/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      // chai's property assertions: `expect(x).to.exist`.
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          ignoreVoid: true,
          allowForKnownSafeCalls: [
            // node:test's test()/describe() return promises the runner awaits itself.
            { from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
            // @open-wc/semantic-dom-diff types chai's `.equal()` as returning a promise (its DOM overload).
            { from: 'package', package: '@open-wc/semantic-dom-diff', name: ['Equal'] },
          ],
        },
      ],
    },
  },
  {
    // Plain JavaScript (configs, the demo's browser scripts): not part of a TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['demo/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Lit templates of the element and its UI (STYLE.md §1, §5).
    files: ['src-element/**/*.ts', 'test/element/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },

  // ---- Layer boundaries (DESIGN.md "One package, four layers"; STYLE.md §6) ----
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolves `./x.js` to `./x.ts` as tsc does. The package's own specifiers are deliberately
      // NOT aliased to the sources here, so `s72-player/client` never counts as a path into
      // src-element/ (it is the allowed way in).
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: './src-element/core',
              from: './src-element',
              except: ['./core'],
              message: 'src-element/core/ is framework-free and imports nothing above it (DESIGN.md "One package, four layers").',
            },
            {
              target: ['./src-element/*.ts', './src-element/!(react)/**/*'],
              from: './src-element/react',
              message: 'Only the React wrapper sits above the element; the element does not import it.',
            },
            {
              target: './src-element',
              from: ['./src-shell', './demo', './test', './bench'],
              message: 'The player (src-element/) does not import the play page, the demo or tests.',
            },
            {
              target: ['./src-shell', './test/shell'],
              from: './src-element',
              message: "The play page imports the player only through 's72-player', 's72-player/react' or 's72-player/client'.",
            },
            {
              target: ['./src-shell/features', './src-shell/lib', './src-shell/config', './src-shell/types'],
              from: './src-shell/app',
              message: 'app/ composes the features; features and shared code do not import it (STYLE.md §6).',
            },
            {
              target: ['./src-shell/lib', './src-shell/config', './src-shell/types'],
              from: './src-shell/features',
              message: 'Shared code (lib/, config/, types/) does not import features (STYLE.md §6).',
            },
            ...FEATURES.map((feature) => ({
              target: `./src-shell/features/${feature}`,
              from: './src-shell/features',
              except: [`./${feature}`, ...FEATURES.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
              message: `A feature does not reach into another feature's internals (STYLE.md §6): import its index.ts, or move the shared piece to lib/ or app/.`,
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src-element/core/**'],
    rules: {
      'no-restricted-imports': banned([
        [LIT, 'src-element/core/ is framework-free: no Lit (DESIGN.md "One package, four layers").'],
        [REACT, 'src-element/core/ is framework-free: no React.'],
        [SELF, 'Inside the package, import modules by relative path.'],
      ]),
    },
  },
  {
    files: ['src-element/**'],
    ignores: ['src-element/core/**', 'src-element/react/**'],
    rules: {
      'no-restricted-imports': banned([
        [REACT, 'Only src-element/react/ imports React.'],
        [SELF, 'Inside the package, import modules by relative path.'],
      ]),
    },
  },
  {
    files: ['src-element/react/**'],
    rules: {
      'no-restricted-imports': banned([[SELF, 'Inside the package, import modules by relative path.']]),
    },
  },
  {
    files: ['src-shell/**', 'test/shell/**'],
    ignores: ['src-shell/vite.config.ts'],
    rules: {
      'no-restricted-imports': banned([
        [INTO_ELEMENT, "Import the player through 's72-player', 's72-player/react' or 's72-player/client'."],
        [LIT, 'The play page uses the player through s72-player/react, not Lit.'],
      ]),
    },
  },
);
