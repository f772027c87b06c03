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

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
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
            // the two apps never import each other.
            { target: './apps/web', from: './apps/server' },
            { target: './apps/server', from: './apps/web' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
