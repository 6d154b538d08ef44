import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cspScriptHashes } from './scripts/csp-script-hashes.ts';
import { landingWeight } from './scripts/landing-weight.ts';
import { prerenderShell } from './scripts/prerender-shell.ts';
import { serviceWorker } from './scripts/service-worker.ts';

// The SPA only: the worker is built and served by wrangler, which serves dist/client as assets.
export default defineConfig({
  root: 'client',
  plugins: [react(), landingWeight(), serviceWorker(), cspScriptHashes(), prerenderShell()],
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
});
