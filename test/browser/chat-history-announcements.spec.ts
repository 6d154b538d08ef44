/**
 * The message list is a live region, so a screen reader reads new messages out. An older page
 * that goes in at the top while scrolling back is not news: the region is off when it goes in,
 * and on again for what comes next.
 */
import { expect, test } from '../support/test';
import { newSignedInClient } from '../support/api-client';
import { logIn, newPerson } from '../support/browser-users';
import { joinedMember } from '../support/room-sockets';

/** The log's aria-live at the moment each message went in, by its text. */
declare global {
  interface Window {
    liveWhenAdded: Record<string, string | null>;
  }
}

test('older pages go into the log unannounced; new messages are announced', async ({ browser }) => {
  test.setTimeout(90_000);
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'Quiet Past' } });
  const bob = await newSignedInClient('Bob');
  await bob.client.call('/join', { body: { roomId: room.roomId } });
  const writer = await joinedMember(bob.client, room.roomId, 'Bob');
  await writer.say(Array.from({ length: 60 }, (_, n) => `old-${n + 1}`));

  const page = await newPerson(browser);
  await logIn(page, alice.account.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/chat/${room.roomId}`);
  await expect(page.getByText('old-60', { exact: true })).toBeVisible();
  await expect(page.getByText('old-1', { exact: true })).toHaveCount(0);

  const log = page.getByRole('log', { name: 'Messages' });
  await log.evaluate((region) => {
    window.liveWhenAdded = {};
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          const items = node.matches('li[data-message-id]')
            ? [node]
            : [...node.querySelectorAll('li[data-message-id]')];
          for (const item of items) {
            window.liveWhenAdded[item.textContent ?? ''] = region.getAttribute('aria-live');
          }
        }
      }
    }).observe(region, { childList: true, subtree: true });
  });

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByText('This is the beginning of Quiet Past')).toBeVisible();
  await expect(page.getByText('old-1', { exact: true })).toBeAttached();
  const older = await page.evaluate(() => window.liveWhenAdded);
  const olderTexts = Object.keys(older);
  expect(olderTexts.length).toBeGreaterThanOrEqual(10);
  expect(new Set(Object.values(older))).toEqual(new Set(['off']));

  // Speaking again once the page is in: the next message is read out.
  await expect(log).toHaveAttribute('aria-live', 'polite');
  await writer.say(['news after the scroll']);
  await expect(page.getByText('news after the scroll')).toBeAttached();
  const added = await page.evaluate(() => window.liveWhenAdded);
  const newsKey = Object.keys(added).find((text) => text.includes('news after the scroll'));
  expect(newsKey).toBeDefined();
  expect(added[newsKey!]).toBe('polite');
  writer.socket.close();
});
