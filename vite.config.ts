import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { cspScriptHashes } from './scripts/csp-script-hashes.ts';
import { landingWeight } from './scripts/landing-weight.ts';
import { mantineRestStyles } from './scripts/mantine-rest-styles.ts';
import { mantineStableIds } from './scripts/mantine-stable-ids.ts';
import { prerenderShell } from './scripts/prerender-shell.ts';
import { serviceWorker } from './scripts/service-worker.ts';

// React Router's package exports name only its development build, whose warnings then ship and
// run in production (remix-run/react-router#14102). Builds take its production files instead,
// the same code with the warnings off; `vite` in development keeps them.
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

// The SPA only: the worker is built and served by wrangler, which serves dist/client as assets.
export default defineConfig(({ command }) => ({
  root: 'client',
  plugins: [
    react(),
    mantineStableIds(),
    mantineRestStyles(),
    landingWeight(),
    serviceWorker(),
    cspScriptHashes(),
    prerenderShell(),
  ],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    rolldownOptions: {
      // The landing page's code (the entry and all it imports) in one chunk: one request, and
      // one script that the page starts after its first paint (scripts/prerender-shell.ts).
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8787',
      '/socket.io': { target: 'ws://localhost:8787', ws: true },
    },
  },
}));
