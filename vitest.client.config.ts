import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The SPA's component tests: jsdom, with the polyfills Mantine needs in test/client/setup.ts.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['test/client/**/*.test.{ts,tsx}'],
    setupFiles: ['test/client/setup.ts'],
    // jsdom renders of Mantine screens can take seconds on a loaded 2-core machine.
    testTimeout: 20_000,
    // Two files at once (vitest's default on two cores is one): 240 s became 160 s here.
    maxWorkers: 2,
    // One jsdom per worker, not per file (setup.ts resets what a file leaves): 190 s became 59 s.
    isolate: false,
  },
});
