import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Import direction (STYLE.md §7): packages/shared ← apps/server, packages/shared ← apps/web.
const forbid = (patterns, message) => [
  'error',
  { patterns: patterns.map((group) => ({ group: [group], message })) },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/.test-output/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        ['**/apps/**', '@flowline/server', '@flowline/web', 'react*', 'fastify*'],
        'packages/shared is pure: it imports no app code',
      ),
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        ['**/apps/web/**', '@flowline/web'],
        'the server does not import the web app',
      ),
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': forbid(
        ['**/apps/server/**', '@flowline/server', 'drizzle-orm*', 'fastify*'],
        'the web app talks to the server over HTTP only',
      ),
    },
  },
);
