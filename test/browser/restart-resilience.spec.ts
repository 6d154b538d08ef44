/**
 * A deploy drops every socket. Here the local server is stopped and started again in the middle
 * of a conversation: both browsers reconnect within the reconnection policy and then show every
 * acknowledged message exactly once.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '../support/test';
import { launchApp } from '../support/launch-app';
import { newPerson, signUpAndLogIn } from '../support/browser-users';
import { installSkippableClock, skipWaitsUntil } from '../support/skip-waits';
import { createRoom, joinByInvite } from '../support/browser-rooms';

const PORT = Number(process.env.BROWSER_TEST_PORT ?? 8799) + 2;
const ORIGIN = `http://localhost:${PORT}`;
const STATE = resolve('.wrangler/restart-test-state');
const LOG = resolve('.wrangler/restart-test-server.log');

async function say(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

test('every acknowledged message shows exactly once after a server restart', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  rmSync(STATE, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  let stop = await launchApp(PORT, STATE, LOG, { build: false });
  try {
    const stamp = Date.now();
    const alice = await newPerson(browser, ORIGIN);
    const bob = await newPerson(browser, ORIGIN);
    for (const page of [alice, bob]) await installSkippableClock(page);
    await signUpAndLogIn(alice, `r-alice-${stamp}@example.com`, 'Alice');
    const roomId = await createRoom(alice, 'Restart');
    await signUpAndLogIn(bob, `r-bob-${stamp}@example.com`, 'Bob');
    await joinByInvite(bob, roomId);

    const texts = [
      `before-a-${stamp}`,
      `before-b-${stamp}`,
      `after-a-${stamp}`,
      `after-b-${stamp}`,
    ];
    await say(alice, texts[0]!);
    await expect(bob.getByText(texts[0]!)).toBeVisible();
    await say(bob, texts[1]!);
    await expect(alice.getByText(texts[1]!)).toBeVisible();

    await stop();
    await expect(
      alice.getByRole('img', { name: 'Not connected' }).or(alice.getByLabel('Not connected')),
    ).toBeVisible();
    stop = await launchApp(PORT, STATE, LOG, { build: false, restart: true });

    // Within the reconnection policy, or the next round after it (a slow restart outlasts the
    // five attempts; the chat tries again every 15 s while the tab is in view): the pages'
    // clocks skip those waits.
    for (const page of [alice, bob]) {
      await skipWaitsUntil(page, page.getByLabel('Connected', { exact: true }));
    }
    await say(alice, texts[2]!);
    await say(bob, texts[3]!);
    for (const page of [alice, bob]) {
      for (const text of texts) await expect(page.getByText(text, { exact: true })).toHaveCount(1);
    }
  } finally {
    await stop();
  }
});
