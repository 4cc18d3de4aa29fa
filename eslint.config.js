import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
