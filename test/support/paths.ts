import { resolve } from 'node:path';

/** Where the browser tests keep the app's local database and its output. */
export const STATE_DIR = resolve('.wrangler/browser-test-state');
export const SERVER_LOG = resolve('.wrangler/browser-test-server.log');
