import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { readFileSync } from 'node:fs';
import importCycles from './tooling/importCycles.mjs';

/**
 * Team boundaries (decision 1201). Each app is a folder and a package; an app reaches another only
 * at run time, through Module Federation and the bus contract of `@shop/shared`.
 * - No app imports another app (a remote imports no other remote and not the shell; the shell
 *   imports no remote): by package name (`no-restricted-imports`) and by relative path, resolved
 *   to the file it names (`import-x/no-restricted-paths`).
 * - `@shop/shared` imports no app (nor any other workspace package).
 * - No import cycles anywhere, type-only imports included (`shop/no-cycle`, decision 5501).
 */
// The apps' folders and package names, from the one list of the apps (tooling/apps.json).
const readJson = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const APPS = Object.fromEntries(
  Object.values(readJson('./tooling/apps.json').apps).map(({ dir }) => [
    dir,
    readJson(`./${dir}/package.json`).name,
  ]),
);
const SOURCE = '{ts,tsx,js,jsx,mjs,cjs}';
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const packageRegex = (names) => `^(${names.map(escape).join('|')})(/|$)`;
const appMessage = (dir) =>
  `${dir} must not import another app: apps meet at run time (Module Federation) and through ` +
  `the bus contract of @shop/shared (shared/CONTRACT.md), never by import.`;

const FIRST_RENDER_MESSAGE =
  "@shop/shared/firstRender is the shell's: import @shop/shared, the page's singleton (decision 5102).";

const appBoundaries = Object.keys(APPS).map((dir) => {
  const others = Object.entries(APPS).filter(([other]) => other !== dir);
  return {
    files: [`${dir}/**/*.${SOURCE}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: packageRegex(others.map(([, name]) => name)), message: appMessage(dir) },
            // The shell's first render only: a remote would get a second shop context (decision 5102).
            ...(dir === 'shell'
              ? []
              : [{ regex: '^@shop/shared/firstRender$', message: FIRST_RENDER_MESSAGE }]),
          ],
        },
      ],
    },
  };
});

const SHARED_MESSAGE =
  '@shop/shared is the ground floor: it imports no app and no other workspace package.';

const boundaries = [
  {
    files: [`**/*.${SOURCE}`],
    plugins: { 'import-x': importX, shop: importCycles },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.json'],
          conditionNames: ['types', 'import', 'require', 'default'],
        }),
      ],
    },
    rules: {
      'shop/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...Object.keys(APPS).map((dir) => ({
              target: `./${dir}`,
              from: Object.keys(APPS)
                .filter((other) => other !== dir)
                .map((other) => `./${other}`),
              message: appMessage(dir),
            })),
            {
              target: './shared',
              from: [...Object.keys(APPS), 'database', 'payment-provider', 'e2e'].map(
                (dir) => `./${dir}`,
              ),
              message: SHARED_MESSAGE,
            },
          ],
        },
      ],
    },
  },
  ...appBoundaries,
  {
    files: [`shared/**/*.${SOURCE}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@shop/(?!shared(/|$))', message: SHARED_MESSAGE }] },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '*-mfe/site/**',
      '**/coverage/**',
      '**/.data/**',
      '**/@mf-types/**',
      'e2e/artifacts/**',
      'functions/lib/**',
      'shell/function/lib/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The local payment provider's hosted card fields: a browser module, inline in its page.
    files: ['payment-provider/src/fields/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...boundaries,
  prettier,
);
