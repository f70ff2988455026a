// @ts-check
// ESLint over the whole tree: typescript-eslint's type-checked recommended rules on every TypeScript
// file (type information from tsconfig.json), then eslint-config-prettier last so that no rule
// fights the formatter (Prettier owns layout; `npm run lint` runs `prettier --check` beside ESLint).
//
// Cost: building the TypeScript program for the whole tree takes about 85 s of CPU on one core
// (610 files, 1.7 GB). `npm run lint` keeps a content cache (.cache/eslint/) so a local rerun
// re-lints only changed files (a few seconds). The cache keys on each file's own content: a file
// whose result depends on types changed elsewhere keeps its cached result until it changes itself
// or the cache is deleted. CI starts without a cache, so it always checks everything afresh.
import eslint from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier/flat';
import tseslint from 'typescript-eslint';

/** Globals of Node for the few plain JavaScript files (TypeScript files get them from @types/node). */
const nodeGlobals = {
  require: 'readonly',
  module: 'writable',
  exports: 'writable',
  __dirname: 'readonly',
  __filename: 'readonly',
  process: 'readonly',
  console: 'readonly',
  global: 'readonly',
  globalThis: 'readonly',
  Buffer: 'readonly',
  URL: 'readonly',
  setTimeout: 'readonly',
  clearTimeout: 'readonly',
  setInterval: 'readonly',
  clearInterval: 'readonly',
  setImmediate: 'readonly',
};

/** Globals of the browser for the hosted capture page's scripts (served as they are, not bundled). */
const browserGlobals = {
  window: 'readonly',
  document: 'readonly',
  navigator: 'readonly',
  location: 'readonly',
  console: 'readonly',
  fetch: 'readonly',
  URL: 'readonly',
  URLSearchParams: 'readonly',
  FormData: 'readonly',
  Blob: 'readonly',
  FileReader: 'readonly',
  Image: 'readonly',
  HTMLCanvasElement: 'readonly',
  MediaStream: 'readonly',
  setTimeout: 'readonly',
  clearTimeout: 'readonly',
  setInterval: 'readonly',
  clearInterval: 'readonly',
  requestAnimationFrame: 'readonly',
  localStorage: 'readonly',
  sessionStorage: 'readonly',
};

export default defineConfig(
  globalIgnores([
    'node_modules/',
    '.vigil/',
    'coverage/',
    'test/artifacts/',
    '.cache/',
    // Generated code: the Prisma client (prisma generate) and the resolver types (npm run codegen).
    'generated/',
    '**/*.generated.ts',
    'console/src/graphql/generated.ts',
    // The console's build output (vite).
    'console/dist/',
    'console/dist.tmp-*/',
    'console/dist.old-*/',
    // Planted violations for the self-check of the lint tools (test/platform/code-checks.test.ts).
    'test/fixtures/code-checks/',
  ]),

  eslint.configs.recommended,
  tseslint.configs.recommendedTypeChecked,

  {
    name: 'vigil/type-information',
    languageOptions: {
      parserOptions: {
        projectService: {
          // Root-level TypeScript files outside tsconfig.json's include list.
          allowDefaultProject: ['prisma.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },

  {
    name: 'vigil/rules',
    linterOptions: {
      // A disable comment that suppresses nothing fails the lint, so stale ones do not pile up.
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      // The tree's convention for a deliberately unused binding is a leading underscore (an
      // Express error handler's `_next`, a field taken out of an object with a rest spread).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Off for the whole tree: an async function without await is how the code meets a
      // Promise-returning contract (job handlers, DataLoader batch functions, plugin hooks) and turns a
      // synchronous throw into a rejection. The rule's fix (dropping async) changes that: a throw
      // would escape synchronously past the caller's .catch. no-floating-promises, no-misused-promises
      // and await-thenable catch the real promise bugs.
      '@typescript-eslint/require-await': 'off',
      // Off for the whole tree: the text code (screening's normalisation, MRZ/AAMVA parsing, the
      // text guard) matches control characters on purpose, to strip or split on them; that is the
      // only thing this rule flags.
      'no-control-regex': 'off',
      // Beyond the recommended set, two rules that catch real bugs: `return promise` inside
      // try/catch/finally skips the catch or runs the finally early; a switch over a union that
      // misses a member (a new status added to a union) falls through silently.
      '@typescript-eslint/return-await': ['error', 'error-handling-correctness-only'],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },

  // Tests read the wire: REST/GraphQL response bodies are untyped JSON (ApiResponse<T = any>,
  // response.json()) whose shape the test then asserts with expect(). Typing every body would copy
  // the wire contract into each test, so the no-unsafe-* family, which flags each use of such a body
  // (about 2,900 places in tests), is off there. It stays on for all other code, benchmarks
  // included (a few dozen places), and above all for production code, where an untyped value
  // crossing a layer is what these checks exist to catch. Explicit `any` is still reported in tests.
  {
    name: 'vigil/tests',
    files: ['test/**/*.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // Plain JavaScript (jest setup, Prisma CLI preload, worker-thread entry, the capture page's
  // browser scripts) is outside tsconfig.json: no type information, so no type-aware rules.
  {
    name: 'vigil/javascript',
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ignores: ['rest-adapter/capture-page/assets/**'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: nodeGlobals },
    rules: {
      // CommonJS files (jest config, setup files, the Prisma preload) load modules with require.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  // The console (console/src, a React app for the browser): typed by its own console/tsconfig.json
  // (DOM, JSX), which the project service finds as the nearest tsconfig. Its build script and vite
  // configuration run on Node.
  {
    name: 'vigil/console-build',
    files: ['console/build.mjs'],
    languageOptions: { sourceType: 'module' },
  },
  {
    name: 'vigil/browser-scripts',
    files: ['rest-adapter/capture-page/assets/**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: 'script', globals: browserGlobals },
  },

  prettier,
);
