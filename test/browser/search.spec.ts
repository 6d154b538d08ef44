/**
 * Search and jump (issue 35) in Chromium, on a 375 px phone: a room with more history than one
 * page, the needle said first and not loaded; the header's search finds it (the match marked),
 * a tap on the result loads the page around it, shows it marked and focused; a message said
 * meanwhile waits; 'Jump to latest' brings back the present with it, and the past is gone.
 * The same jump from a message's link opened signed out: the login leads back to it.
 */
import { expect, test } from '../support/test';
import { newSignedInClient } from '../support/api-client';
import { logIn, newPerson } from '../support/browser-users';
import { joinedMember } from '../support/room-sockets';

test('finds an old message, jumps to it, and comes back to the latest', async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'Haystack' } });
  const others = await Promise.all(['Bob', 'Carol', 'Dave'].map((n) => newSignedInClient(n)));
  for (const other of others) await other.client.call('/join', { body: { roomId: room.roomId } });
  const writers = await Promise.all(
    others.map((o) => joinedMember(o.client, room.roomId, o.account.nickname)),
  );
  await writers[0]!.say(['The golden <needle> & thread']);
  await Promise.all(
    writers.map((w, i) => w.say(Array.from({ length: 40 }, (_, n) => `straw ${i}-${n + 1}`))),
  );

  const page = await newPerson(browser);
  await page.setViewportSize({ width: 375, height: 700 });
  await logIn(page, alice.account.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/chat/${room.roomId}`);
  await expect(page.getByText('straw 2-40', { exact: true })).toBeVisible();
  const needle = page.locator('li[data-message-id]').filter({ hasText: 'The golden <needle>' });
  await expect(needle).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);

  await page.getByRole('button', { name: 'Search messages' }).click();
  const panel = page.getByRole('dialog', { name: 'Search messages' });
  await panel.getByRole('textbox', { name: 'Search this room' }).fill('GOLDEN need');
  await page.keyboard.press('Enter');
  const results = panel.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  const result = results.getByRole('button');
  await expect(result).toContainText('Bob');
  await expect(result).toContainText('The golden <needle> & thread');
  await expect(result.locator('mark')).toHaveText(['golden', 'needle']);
  await expect(panel.getByRole('status').first()).toHaveText('1 result');
  const panelBox = (await panel.boundingBox())!;
  expect(panelBox.width).toBeLessThanOrEqual(375);

  await result.click();
  await expect(panel).toBeHidden();
  await expect(needle).toHaveCount(1);
  await expect(needle).toHaveAttribute('data-highlighted', 'true');
  await expect(needle).toBeFocused();
  await expect(needle).toBeInViewport();
  // The highlight fades: the mark goes after a moment.
  await expect(needle).not.toHaveAttribute('data-highlighted', 'true', { timeout: 5000 });

  // Said while the list shows the past: not put after a gap, but not lost either.
  await writers[1]!.say(['said while you were away']);
  const live = page.getByText('said while you were away', { exact: true });
  const jump = page.getByRole('button', { name: 'Jump to latest' });
  await expect(jump).toBeVisible();
  await expect(live).toHaveCount(0);
  await jump.click();
  await expect(live).toBeVisible();
  await expect(jump).toBeHidden();
  await expect(needle).toHaveCount(0);
  // Back in the present: live messages follow again.
  await writers[2]!.say(['and now live again']);
  await expect(page.getByText('and now live again', { exact: true })).toBeVisible();
  for (const w of writers) w.socket.close();
});

test('a message link opened signed out leads, once logged in, to the chat at that message', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'Bookmarks' } });
  const bob = await newSignedInClient('Bob');
  await bob.client.call('/join', { body: { roomId: room.roomId } });
  const writer = await joinedMember(bob.client, room.roomId, bob.account.nickname);
  // The linked message, then more than a page of history after it: not loaded at first.
  await writer.say(['The linked <needle> & thread']);
  await writer.say(Array.from({ length: 55 }, (_, n) => `straw ${n + 1}`));
  const { body: found } = await alice.client.call(`/rooms/${room.roomId}/search?q=needle`);
  const messageId: number = found.results[0].id;

  const page = await newPerson(browser);
  await page.goto(`/chat/${room.roomId}?message=${messageId}`);
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, alice.account.email);

  // Back at the chat, at the message, the address clean of it (a reload stays put).
  await expect(page).toHaveURL(new RegExp(`/chat/${room.roomId}$`));
  const needle = page.locator('li[data-message-id]').filter({ hasText: 'The linked <needle>' });
  await expect(needle).toBeInViewport();
  await expect(needle).toBeFocused();
  // Used once: nothing is left for a later sign-in in this tab.
  expect(await page.evaluate(() => sessionStorage.getItem('pendingChatLink'))).toBeNull();
  writer.socket.close();
});
