import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Web imports: the contract through its entry, a feature only through its index.ts (`features/<name>`). */
const WEB_IMPORTS = [
  { group: ['@portal/contract/*'], message: 'Import the contract through its public entry.' },
  { regex: '^(\\.\\.?/)+features/[^/]+/', message: 'Import another feature through its index.ts only.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
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
          patterns: [
            {
              group: ['../../server/*', '../../web/*', '@portal/server/*', '@portal/web/*'],
              message: 'Packages talk only through @portal/contract.',
            },
            { group: ['@portal/contract/*'], message: 'Import the contract through its public entry.' },
          ],
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
);
