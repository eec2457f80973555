// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { importBoundariesRule } from './eslint/import-boundaries.rule.js';

/**
 * Import boundaries (docs/ARCHITECTURE.md): shared imports neither side; client and server never import
 * each other.
 */
const boundary = (/** @type {string[]} */ group, /** @type {string} */ message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message }] }],
});

const serverOnlyPackages = [
  'fastify',
  '@fastify/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'pg',
  'pg-boss',
  '@electric-sql/*',
  'argon2',
  'openid-client',
  'node:*',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `void promise` is how a deliberately detached promise is marked.
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Fastify plugins and hooks signal completion by returning a promise, awaited or not.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Relative imports checked on their resolved path: a screen never imports another screen, lib and ui
    // import no screen, shared imports neither side, the server never imports the client, and the server's
    // modules never import its jobs (src/server/jobs/ depends on src/server/modules/, never the reverse).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'import-boundaries': importBoundariesRule } } },
    rules: { 'local/import-boundaries': 'error' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: boundary(
      ['**/server/**', '**/client/**', 'react', 'react-dom', ...serverOnlyPackages],
      'src/shared is imported by both sides and imports neither.',
    ),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: boundary(
      ['**/client/**', 'react', 'react-dom', 'react-*', '@tanstack/*'],
      'The server never imports client code.',
    ),
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary(
        ['**/server/**', ...serverOnlyPackages],
        'The client talks to the server over HTTP only; shared code lives in src/shared.',
      ),
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'e2e/**/*.ts', 'e2e-deploy/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-console': 'off',
      // Tests assert on parsed JSON whose shape the assertion itself checks.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
