// ESLint (flat config): `npm run lint` runs it with `prettier --check`, and .ci/run runs that
// before the tests. Formatting is Prettier's alone (.prettierrc.json); ESLint checks what a
// formatter cannot: promises nobody waits for, import cycles, hooks called out of order, and the
// type-aware checks of typescript-eslint.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      '.output/**',
      '.wxt/**',
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'audit-*/**',
      // Data the tests read, not code.
      'test/fixtures/real-files/**',
      'test/fixtures/schemas/**',
      'test/fixtures/terms/**',
      'test/e2e/screenshots/**',
    ],
  },

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        // Each file is checked with the tsconfig.json that covers it; the few plain JavaScript
        // files outside it (scripts/, this file) get a default project.
        projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },

  // Import cycles, resolved as TypeScript resolves them (`.js` specifiers naming `.ts` files,
  // WXT's `~~/` alias from .wxt/tsconfig.json).
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      // Type-only imports do not count (they vanish at run time): this catches cycles of code.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  {
    files: ['**/*.{js,mjs}'],
    rules: {
      // Plain JavaScript has no declared types: every JSON.parse, every parameter is `any`, and
      // the no-unsafe rules would flag each use. The other type-aware rules still apply.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  {
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      // vitest types its asymmetric matchers (expect.any, expect.stringContaining, ...) as any, so
      // each one inside toMatchObject({ ... }) is an "unsafe assignment"; reading an `any` is still
      // caught by no-unsafe-member-access, -argument and -return.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },

  // Preact's hooks follow React's rules (preact/hooks: useState, useEffect, ...).
  {
    files: ['extension/**/*.{ts,tsx}', 'web/**/*.{ts,tsx}', 'test/extension/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  {
    rules: {
      // Async methods implement async interfaces, some with synchronous backends (the SQLite store
      // behind the same Promise API as PostgreSQL, fakes in tests); an await there adds nothing.
      '@typescript-eslint/require-await': 'off',
      // The validators match control characters on purpose (domains, robots.txt lines, logs).
      'no-control-regex': 'off',
      // An aborted wait rejects with its signal's reason (typed any; an Error unless a caller chose otherwise).
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true }],
      // Unused names are errors, except the deliberate `_name` (an argument kept for its position,
      // a rest sibling that drops a key).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
);
