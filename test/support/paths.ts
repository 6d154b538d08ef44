import { resolve } from 'node:path';

/**
 * Where the browser tests keep the app's local database and its output: one folder per test
 * port, so two runs on different BROWSER_TEST_PORTs never share a database.
 */
const port = process.env.BROWSER_TEST_PORT ?? '8799';
export const STATE_DIR = resolve(`.wrangler/browser-test-state-${port}`);
export const SERVER_LOG = resolve(`.wrangler/browser-test-server-${port}.log`);
