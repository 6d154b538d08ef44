/**
 * Playwright global setup: the app as `npm start` serves it, on the test port with a fresh
 * local state folder; its output (the [mail] lines live there) goes to a log file.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { BROWSER_TEST_PORT } from '../../playwright.config';
import { launchApp } from './launch-app';
import { SERVER_LOG, STATE_DIR } from './paths';

export default async function startApp() {
  rmSync(STATE_DIR, { recursive: true, force: true });
  mkdirSync(STATE_DIR, { recursive: true });
  writeFileSync(SERVER_LOG, '');
  return launchApp(BROWSER_TEST_PORT, STATE_DIR, SERVER_LOG);
}
