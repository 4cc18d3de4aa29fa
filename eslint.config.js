import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import layers from './eslint-rules/layers.js';

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
    // The server's floors, top first: a file imports its own floor and those below, never one
    // above (README, Architecture). Sideways imports within a floor are allowed.
    files: ['packages/server/src/**/*.ts'],
    plugins: { layers },
    rules: {
      'layers/no-upward-import': [
        'error',
        {
          root: 'packages/server/src',
          floors: [
            { name: 'entry points', members: ['app', 'cli', 'seed', 'transfer', 'ops'] },
            { name: 'HTTP', members: ['routes', 'plugins', 'events'] },
            { name: 'operations', members: ['operations'] },
            {
              name: 'services',
              members: [
                'access',
                'audit',
                'auth',
                'cache',
                'config',
                'jobs',
                'live',
                'publishing',
                'storage',
                'validation',
              ],
            },
            { name: 'repositories', members: ['repositories'] },
            { name: 'db', members: ['db'] },
            { name: 'base', members: ['errors', 'schemas'] },
          ],
        },
      ],
    },
  },
  {
    // SQL is written in repositories (queries) and db (dialect-specific statements) only.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/repositories/**', 'packages/server/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              importNames: ['sql'],
              message:
                'Raw SQL goes into a named function in packages/server/src/repositories/ (or db/ when it is dialect-specific); call that function here.',
            },
          ],
        },
      ],
    },
  },
  {
    // Micro-apps that ship with Canopy run in the browser, as they are.
    files: ['packages/server/microapps/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
