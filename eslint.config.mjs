import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import serverRules from './scripts/eslint-server-rules.mjs';

const CONTRACT_ONLY = [
  {
    group: ['../../server/*', '../../web/*', '@portal/server/*', '@portal/web/*'],
    message: 'Packages talk only through @portal/contract.',
  },
  {
    group: [
      '@portal/contract/*',
      '!@portal/contract/admin',
      '!@portal/contract/copy-style',
      '!@portal/contract/plural',
    ],
    message:
      'Import the contract through its public entries (@portal/contract, @portal/contract/admin, @portal/contract/plural for the messages; @portal/contract/copy-style in tests).',
  },
];

/** Web imports: the contract through its entry, a feature only through its index.ts (`features/<name>`). */
const WEB_IMPORTS = [
  ...CONTRACT_ONLY,
  { regex: '^(\\.\\.?/)+features/[^/]+/', message: 'Import another feature through its index.ts only.' },
  {
    // The operators' console is an entry of its own: the customer app never holds its code (types aside).
    regex: '^(\\.\\.?/)+admin(/|$)',
    allowTypeImports: true,
    message: "Only the operators' console (src/admin) imports its own code.",
  },
  {
    // The staff API's contract is an entry of its own, so the customer app's bundles never hold it.
    group: ['@portal/contract/admin'],
    allowTypeImports: true,
    message: "Only the operators' console (src/admin) imports the staff API's contract.",
  },
];

/** The operators' console: the same rules, but the staff API's contract is its own. */
const ADMIN_IMPORTS = WEB_IMPORTS.filter((rule) => !rule.group?.includes('@portal/contract/admin'));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: CONTRACT_ONLY,
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: WEB_IMPORTS }],
    },
  },
  {
    files: ['packages/web/src/admin/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ADMIN_IMPORTS }] },
  },
  {
    // A language's messages gather its sections from `locales/features/<feature>/<language>.ts` (texts, not features).
    files: ['packages/web/src/i18n/locales/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: CONTRACT_ONLY }] },
  },
  {
    // A feature's files sit directly in its folder: `../<name>/<file>` is another feature's inside.
    files: ['packages/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_IMPORTS,
            { regex: '^\\.\\./[^./][^/]*/', message: 'Import another feature through its index.ts only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/components/**/*.{ts,tsx}', 'packages/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_IMPORTS,
            {
              regex: '^(\\.\\./)+(features|pages|app)(/|$)',
              message: 'Shared components and lib never import features, pages or the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['packages/server/**/*.ts', 'e2e/**/*.ts', 'scripts/**', 'bench/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  // The server's structure: routes parse and answer, services hold the rules, repositories hold the SQL.
  {
    files: ['packages/server/**/*.{ts,mts,mjs}'],
    plugins: { server: serverRules },
    rules: {
      'server/kebab-case-file': 'error',
      'server/no-import-cycle': ['error', { root: 'packages/server/src' }],
    },
  },
  {
    files: ['packages/server/src/modules/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...CONTRACT_ONLY,
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?:[^/]*-)?repository(?:\\.js)?$',
              message: "A module never imports another module's repository: use that module's service.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/modules/*/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...CONTRACT_ONLY,
            {
              regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/(?:[^/]*-)?repository(?:\\.js)?$',
              message: "A module never imports another module's repository: use that module's service.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/{lib,db,jobs}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...CONTRACT_ONLY,
            {
              group: ['**/modules/**', '**/app-context*', '**/app.js'],
              message: 'lib/, db/ and jobs/ are below the modules and never import them.',
            },
          ],
        },
      ],
    },
  },
);
