// ESLint for the whole repository: TypeScript (typescript-eslint), React hooks, import cycles,
// and the rule that client features stay apart (STYLE.md). Why each rule: docs/development.md.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One zone per folder under client/features: a feature may import itself, lib/, components/,
 * hooks/ and contract/, never another feature. Shared code moves to client/lib or
 * client/components instead. Read from the disk, so a new feature is covered the day it lands.
 */
const features = readdirSync(new URL('./client/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureZones = features.map((feature) => ({
  target: `./client/features/${feature}`,
  from: './client/features',
  except: [`./${feature}`],
  message: 'Client features do not import each other: move what both need to client/lib.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.wrangler/**',
      'test-results/**',
      'playwright-report/**',
      'migrations/**',
      'worker-configuration.d.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // How import-x reads .ts dependencies (without these, no-cycle sees no TypeScript edges).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'tsconfig.worker.json',
            'tsconfig.client.json',
            'tsconfig.node.json',
            'tsconfig.bench.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Runtime cycles only: `import type` is erased and cannot make one.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
      // `_`-prefixed names are deliberately unused (a required parameter, a skipped element).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}', 'test/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['client/service-worker/**/*.js'],
    // __SHELL__ is the list of built files, written in by the build (vite.config.ts).
    languageOptions: { globals: { ...globals.serviceworker, __SHELL__: 'readonly' } },
  },
  {
    // The bench's workerd servers (the floor, the peer): Worker modules, as the runtime runs them.
    files: ['bench/servers/floor/worker.js', 'bench/servers/peer/worker.js'],
    languageOptions: { globals: { ...globals.worker, WebSocketPair: 'readonly' } },
  },
  {
    // Tests read whatever JSON an endpoint answers; typing each body would test the types.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.mjs', '*.config.{js,ts}', 'scripts/**', 'test/browser/**', 'test/support/**'],
    languageOptions: { globals: globals.node },
  },
);
