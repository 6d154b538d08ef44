import { defineConfig } from '@playwright/test';

export const BROWSER_TEST_PORT = Number(process.env.BROWSER_TEST_PORT ?? 8799);

// User journeys in Debian's Chromium (never a downloaded browser) against the app as `npm start`
// serves it, on its own port and with its own fresh local database (see test/support).
export default defineConfig({
  testDir: 'test/browser',
  globalSetup: './test/support/start-app.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${BROWSER_TEST_PORT}`,
    // A failed journey keeps its trace (actions, DOM snapshots, network) and a screenshot; the
    // trace's screencast is off: encoding frames through every journey cost about a fifth of
    // the run's CPU (3 spec files, two runs each: 409 and 436 CPU-s with it, 329 and 324 without).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
