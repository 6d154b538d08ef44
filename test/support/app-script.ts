/** Holding back the app's own script, to see the page the build prerendered before it runs. */
import type { Page } from '@playwright/test';

/**
 * Holds the app's entry script (/assets/index-<hash>.js, which the page preloads and starts
 * after its first paint) until the returned function is called; the inline scripts still run.
 */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
