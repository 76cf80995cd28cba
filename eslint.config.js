/**
 * What a reviewer checks by eye, checked by machine: typescript-eslint's recommended rules everywhere,
 * Astro's rules (and their accessibility rules) for .astro files, and the React hooks and jsx-a11y rules
 * for the islands. Formatting is Prettier's job (`npm run format:check`), so no style rules here.
 *
 * Code that runs in a browser is also held to the browsers we support: `browserslist` in package.json for
 * eslint-plugin-compat (Web APIs from MDN's data), and a Baseline year for eslint-plugin-baseline-js, which knows
 * newer APIs compat's data misses (AbortSignal.any, Safari 17.4).
 */
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import compat from 'eslint-plugin-compat';
import baselineJs from 'eslint-plugin-baseline-js';

/**
 * Everything a browser runs: the islands, the framework-free scripts, the shared library and tables they import,
 * and the client scripts of .astro files (eslint-plugin-astro lints each `<script>` as `file.astro/N_N.ts`).
 * Not the frontmatter of .astro files, build plugins, content config or endpoints: they run in Node at build time.
 */
const BROWSER_MODULES = ['src/islands/**/*.{ts,tsx}', 'src/scripts/**/*.ts', 'src/lib/**/*.ts', 'src/data/**/*.ts', 'src/site.config.ts'];
const ASTRO_CLIENT_SCRIPTS = ['src/**/*.astro/*.{js,ts}'];

/**
 * Newest Baseline year a browser feature may have. Features that became available everywhere in 2022 reached
 * Safari by 16.2, a little past our oldest Safari (15.4): compat's check against browserslist covers that gap for
 * the APIs its data knows.
 */
const BASELINE_YEAR = 2022;

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.wrangler/',
      'node_modules/',
      'bench/dist/',
      'bench/out/',
      'test-results/',
      'playwright-report/',
      'functions/worker-configuration.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  ...astro.configs['jsx-a11y-recommended'],
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: [...BROWSER_MODULES, ...ASTRO_CLIENT_SCRIPTS],
    plugins: { compat, 'baseline-js': baselineJs },
    rules: {
      'compat/compat': 'error',
      'baseline-js/use-baseline': [
        'error',
        { available: BASELINE_YEAR, includeWebApis: { preset: 'auto' }, includeJsBuiltins: { preset: 'auto' } },
      ],
    },
  },
  {
    // With type information the Baseline rule also knows instance members (`list.toSorted()`). The client scripts of
    // .astro files are virtual files the TypeScript project cannot see, so they keep the checks above without it.
    files: BROWSER_MODULES,
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      'baseline-js/use-baseline': [
        'error',
        { available: BASELINE_YEAR, includeWebApis: { preset: 'type-aware' }, includeJsBuiltins: { preset: 'type-aware' } },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_name` marks a value that is deliberately unused (a destructured field left out, say).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
);
