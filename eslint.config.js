import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** One zone per pair of web features: a feature never imports another feature. */
function featureZones(root) {
  const dir = `${root}/src/features`;
  if (!existsSync(dir)) return [];
  const features = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return features.map((feature) => ({
    target: `${dir}/${feature}`,
    from: dir,
    except: [`./${feature}`],
    message:
      'A feature must not import another feature; move shared code to src/components or src/lib.',
  }));
}

/**
 * Business rules have one home, packages/domain (issue 37): a `*-rules.ts` file anywhere else is
 * refused, whatever it holds.
 */
const rulesInDomain = {
  meta: {
    type: 'problem',
    messages: {
      elsewhere:
        'Rules live in packages/domain/src: move this *-rules.ts file there (server-only code that needs the server is not rules: name it for what it is).',
    },
    schema: [],
  },
  create: (context) => ({ Program: (node) => context.report({ node, messageId: 'elsewhere' }) }),
};

/** An Intl formatter is built at first use, not at module load (see its block below). */
const intlAtFirstUse = {
  selector:
    ":matches(Program, ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > NewExpression.init[callee.object.name='Intl']",
  message:
    'Build Intl formatters at first use (let f; const get = () => (f ??= new Intl...)), not at module load: it delays the first paint.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'release/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
      'apps/web/android/**',
      'apps/web/ios/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/web/tsconfig.json',
            'apps/console/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/*/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-default-export': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // domain <- contracts <- apps: packages never import apps, domain never imports contracts.
            { target: './packages', from: './apps' },
            { target: './packages/domain', from: './packages/contracts' },
            // web: shared -> features -> app, never the other way.
            { target: './apps/web/src/components', from: './apps/web/src/features' },
            { target: './apps/web/src/components', from: './apps/web/src/app' },
            { target: './apps/web/src/lib', from: './apps/web/src/features' },
            { target: './apps/web/src/lib', from: './apps/web/src/app' },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            ...featureZones('./apps/web'),
            // server: lib, plugins, adapters and db sit below the modules and never import them;
            // a plugin gets what it needs from a module when app.ts registers it (issue 37).
            ...['lib', 'plugins', 'adapters', 'db'].map((layer) => ({
              target: `./apps/server/src/${layer}`,
              from: './apps/server/src/modules',
              message:
                'lib, plugins, adapters and db must not import a module: take it as a plugin option from app.ts, or move the shared piece down.',
            })),
            // the two apps never import each other.
            { target: './apps/web', from: './apps/server' },
            { target: './apps/server', from: './apps/web' },
            // date-holidays is every country's rules: the server works the calendar out and
            // sends open days (docs/decisions/042).
            {
              target: './apps/web',
              from: './packages/domain/src/business-calendar.ts',
              message: 'The business calendar (date-holidays) is server only: ask the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/console/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Server HTML is shown through one component, which sanitises it (and keeps DOMPurify off the
    // login page's chunks: vite.config.ts).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/safe-html.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'dompurify',
              message:
                'Show server HTML with SafeHtml (or sanitizeHtml) from @/components/safe-html.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*-rules.ts', '**/*-rules.test.ts'],
    ignores: ['packages/domain/src/**'],
    plugins: { outpost: { rules: { 'rules-in-domain': rulesInDomain } } },
    rules: { 'outpost/rules-in-domain': 'error' },
  },
  {
    // A routes file maps requests to the module's service: no SQL in it (issue 37). Queries,
    // tables and the query helpers live in the module's service or repository files; a type
    // (Db) may still be imported.
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              allowTypeImports: true,
              message: "No SQL in a routes file: put the query in the module's service.",
            },
          ],
          patterns: [
            {
              group: ['**/db/client'],
              importNames: ['queryRows', 'preparedStatement'],
              message: "No SQL in a routes file: put the query in the module's service.",
            },
            {
              group: ['**/*.schema'],
              allowTypeImports: true,
              message: "No tables in a routes file: put the query in the module's service.",
            },
          ],
        },
      ],
    },
  },
  {
    // The code the browser loads (the web app and the packages it imports): an Intl formatter
    // built at module load costs every page's start (37 ms for two with a time zone, four times
    // that on a slow phone, where Lighthouse counts it as blocking time). Build it at first use.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', intlAtFirstUse] },
  },
  {
    // One table of pages (issue 37): a page module (app/routes/*) is loaded from app/pages.ts
    // only, where its path, prefetch and hold are declared beside it (pages.test.ts checks the
    // table against the contract's routes).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'apps/web/src/app/pages.ts',
      'apps/web/src/app/create-routes.tsx',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        intlAtFirstUse,
        {
          selector: 'ImportExpression[source.value=/(^|\\/)routes\\//]',
          message: 'Pages are declared once, in app/pages.ts: add the page there.',
        },
      ],
    },
  },
);
