/**
 * The browser journeys' `test`: Playwright's, plus one automatic fixture that closes every
 * browser context a test opened (newPerson and the like) when it ends. The `browser` fixture
 * lives as long as the worker, so contexts made from it outlive their test unless closed: by
 * the suite's last file some fifty pages were still open, each with its sockets, its room-list
 * polling and its renders, and the late journeys timed out on a machine busy with them.
 */
import { test as base } from '@playwright/test';

export const test = base.extend<{ closeContextsAfterEach: void }>({
  closeContextsAfterEach: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close()));
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
export type { Browser, Locator, Page, WebSocketRoute } from '@playwright/test';
