import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      '.tmp/**',
      'test-results/**',
      '**/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: [
      'packages/ui/**/*.{ts,tsx}',
      'packages/admin/**/*.{ts,tsx}',
      'packages/page-editor/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['packages/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', '@canopy/*', 'fastify', 'kysely', 'react'] },
      ],
    },
  },
  {
    // Micro-apps that ship with Canopy run in the browser, as they are.
    files: ['packages/server/microapps/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
