import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { localPlugin } from './eslint/client-imports.mjs';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^_', argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  // Client components ('use client') import from lib/ only contracts, api, i18n, config, format,
  // errors and forms, never lib/server (DESIGN.md). Selected by directive, so a local rule.
  {
    files: ['**/*.{ts,tsx,js,jsx,mjs}'],
    plugins: { local: localPlugin },
    rules: { 'local/client-imports': 'error' },
  },
  { ignores: ['node_modules/**', '.next/**', '.next-*/**', 'cms/**', '.data/**', 'drizzle/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'scratch/**'] },
];
export default config;
