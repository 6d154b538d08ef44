import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { landingWeight } from './scripts/landing-weight.ts';

// The SPA only: the worker is built and served by wrangler, which serves dist/client as assets.
export default defineConfig({
  root: 'client',
  plugins: [react(), landingWeight()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8787',
      '/socket.io': { target: 'ws://localhost:8787', ws: true },
    },
  },
});
