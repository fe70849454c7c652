import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
const apiModules = readdirSync(new URL('./apps/api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist/.server/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // One way to format numbers and dates: the kept formatters of domain/intl-formats.ts (a new one per call
  // cost a page of 50 ranked offers seconds of main-thread work).
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: ['packages/domain/src/intl-formats.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.object.name='Intl'][callee.property.name=/^(NumberFormat|DateTimeFormat|PluralRules)$/]", message: 'use numberFormat, dateTimeFormat or pluralRules of @offerbook/domain/intl-formats: they keep each formatter.' },
      ],
    },
  },
  // Import boundaries of ARCHITECTURE.md
  {
    files: ['packages/domain/**/*.ts'],
    rules: restrict([
      { group: ['react', 'react-*', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'node:*'], message: 'packages/domain is pure: no I/O, no React, no Fastify, no Drizzle.' },
      { group: ['@offerbook/api*', '@offerbook/web*'], message: 'domain imports no app.' },
    ]),
  },
  {
    files: ['apps/api/src/plugins/**/*.ts'],
    rules: restrict([{ group: ['**/modules/**'], message: 'plugins never import modules.' }]),
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // An API module may call another module's service, never its queries or routes.
  ...apiModules.map((mod) => ({
    files: [`apps/api/src/modules/${mod}/**/*.ts`],
    rules: restrict(
      apiModules
        .filter((other) => other !== mod)
        .map((other) => ({ group: [`../${other}/*.queries`, `../${other}/*.routes`, `**/modules/${other}/*.queries`, `**/modules/${other}/*.routes`], message: "call the other module's service, never its queries or routes." })),
    ),
  })),
  // Database queries only in *.queries.ts: no other file of a module imports Drizzle or the schema.
  // Test files (*.test.ts, *.test-helpers.ts) stay exempt: they seed and read rows directly.
  // Type-only imports are allowed (a row type, `SQL` as a parameter type): a type runs no query.
  // A separate rule from the block above, so neither replaces the other's patterns.
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/*.queries.ts', 'apps/api/src/modules/**/*.test.ts', 'apps/api/src/modules/**/*.test-helpers.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: "Drizzle only in the module's *.queries.ts: move the statement there and call it." },
            { group: ['**/db/schema', '**/db/schema/*'], allowTypeImports: true, message: "the schema only in the module's *.queries.ts: move the statement there and call it." },
          ],
        },
      ],
    },
  },
  // Web features never import each other, nor the app that composes them.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrict([
      { group: ['**/app/**', '**/app'], message: 'features never import the app; the app composes features.' },
      ...webFeatures
        .filter((other) => other !== feature)
        .map((other) => ({ group: [`**/features/${other}/**`, `../../${other}/**`, `../${other}/**`], message: 'features never import each other: move what both need into shared/ or domain.' })),
    ]),
  })),
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: restrict([{ group: ['**/features/**', '**/app/**'], message: 'shared/ imports neither features nor app.' }]),
  },
)
