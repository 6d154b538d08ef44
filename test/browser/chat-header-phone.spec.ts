/**
 * The chat header on the narrowest phone in use (320 px wide): the room's name, who is online
 * and the five icons share one line, and nothing runs under anything else.
 */
import { expect, test } from '../support/test';
import { newSignedInClient } from '../support/api-client';
import { logIn, newPerson } from '../support/browser-users';

test('on a 320 px phone the online count stays clear of the header icons', async ({ browser }) => {
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', {
    body: { roomName: 'Supercalifragilisticexpialidocious' },
  });
  const page = await newPerson(browser);
  await page.setViewportSize({ width: 320, height: 568 });
  await logIn(page, alice.account.email);
  await expect(page.getByRole('heading', { name: 'Your Rooms' })).toBeVisible();
  await page.goto(`/chat/${room.roomId}`);

  const online = page.getByRole('button', { name: '1 online: show who' });
  await expect(online).toBeEnabled();
  const onlineBox = (await online.boundingBox())!;
  // The first of the icons: the notifications bell (where the browser has them), else Help.
  const bell = page.getByRole('button', { name: /notifications/i });
  const first =
    (await bell.count()) > 0 ? bell.first() : page.getByRole('button', { name: 'Help' });
  const firstBox = (await first.boundingBox())!;
  expect(onlineBox.x + onlineBox.width).toBeLessThanOrEqual(firstBox.x);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
});
