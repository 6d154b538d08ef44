import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The chat's reconnection waits are real product timers: five attempts 1 to 5 s apart, then a
 * new round every 15 s while the tab is in view. A journey that waited them out spent most of
 * its minute doing nothing, so the journeys that cut the connection take the page's clock
 * instead. `installSkippableClock` goes before the page's first load (time still flows as
 * usual); `skipWaitsUntil` then jumps the clock a second at a time until `shown` is visible.
 *
 * A second a step, with a pause for the network between steps, runs the page's clock at most
 * about four times as fast as the real one: a connection attempt in flight still has seconds
 * of real time before its own 20 s timeout. The skipping stops once `shown` is visible, long
 * before a connected socket's 45 s heartbeat deadline could pass.
 */
export async function installSkippableClock(page: Page) {
  await page.clock.install();
}

const STEP_MS = 1_000;
const PAUSE_MS = 250;

export async function skipWaitsUntil(page: Page, shown: Locator, { mostMs = 120_000 } = {}) {
  for (let skipped = 0; skipped < mostMs; skipped += STEP_MS) {
    if (await shown.isVisible()) return;
    await page.clock.fastForward(STEP_MS);
    await page.waitForTimeout(PAUSE_MS);
  }
  // Out of skips: the ordinary assertion reports what is on screen instead.
  await expect(shown).toBeVisible();
}
