/**
 * Notification levels in Chromium (issue 35 item 3). Bob opens the bell's menu in a room of two:
 * 'All messages' is checked, as the room's default. He chooses Off: the bell says so, the room
 * list marks the room Muted, and a reload keeps it (the server holds it). He chooses 'Mentions
 * and replies' with the keyboard: with his tab hidden, Alice's plain message notifies nothing,
 * her mention of him and her reply to his message do. axe with the menu open.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test';
import { pairWithNotifications } from '../support/notifications-pair';
import { joinedMember } from '../support/room-sockets';
import { attentionSwitches } from './support/room-pair';

const bell = (page: Page, level: string) =>
  page.getByRole('button', { name: `Notifications: ${level}` });
const level = (page: Page, name: string) => page.getByRole('menuitemradio', { name });

test('the bell menu sets the room’s level: Off marks it Muted, Mentions and replies lets only those through', async ({
  browser,
  baseURL,
}) => {
  const { alice, bob, roomId, context, page } = await pairWithNotifications(
    browser,
    baseURL,
    'Levels Room',
    attentionSwitches,
  );

  // The default of a room of two, checked and said to be the default.
  await bell(page, 'All messages').click();
  await expect(level(page, 'All messages')).toHaveAttribute('aria-checked', 'true');
  await expect(level(page, 'All messages')).toContainText('(default)');
  await expect(level(page, 'Mentions and replies')).toHaveAttribute('aria-checked', 'false');
  await expect(level(page, 'Off')).toHaveAttribute('aria-checked', 'false');
  // Permission was granted in this context: nothing to ask.
  await expect(page.getByRole('menuitem', { name: /Allow notifications/ })).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    'the bell menu has serious accessibility violations',
  ).toEqual([]);

  await level(page, 'Off').click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(bell(page, 'Off')).toBeVisible();
  await page.getByRole('button', { name: 'Rooms' }).click();
  const card = page.getByRole('link', { name: /Levels Room/ });
  await expect(card.getByRole('img', { name: 'Muted' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The server keeps it: a reload shows Off again, no longer as a default.
  await page.reload();
  await expect(bell(page, 'Off')).toBeVisible();
  await bell(page, 'Off').click();
  await expect(level(page, 'Off')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('(default)')).toHaveCount(0);
  // With the keyboard: Up from Off is 'Mentions and replies'.
  await expect(level(page, 'All messages')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(level(page, 'Mentions and replies')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(bell(page, 'Mentions and replies')).toBeVisible();
  await page.getByRole('button', { name: 'Rooms' }).click();
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: 'Muted' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const alices = await joinedMember(alice.client, roomId, 'Alice');
  const bobs = await joinedMember(bob.client, roomId, 'Bob');
  const post = async (socket: typeof alices.socket, text: string, replyTo?: number) => {
    const ack = await socket.emitWithAck('sendMessage', {
      text,
      roomId,
      clientId: crypto.randomUUID(),
      ...(replyTo ? { replyTo } : {}),
    });
    expect(ack.id).toEqual(expect.any(Number));
    await expect(page.getByText(text.replace(/^@Bob /, ''))).toBeVisible();
    return ack.id as number;
  };
  const bobsWords = await post(bobs.socket, 'Pizza tonight?');

  await page.evaluate(() => window.setHidden(true));
  await post(alices.socket, 'Just chatting here');
  await post(alices.socket, '@Bob are you coming?');
  await post(alices.socket, 'Yes, pizza!', bobsWords);
  await expect
    .poll(() => page.evaluate(() => window.shownNotifications))
    .toEqual([
      { title: 'Alice mentioned you in Levels Room', body: 'Alice: @Bob are you coming?' },
      { title: 'Alice replied to you in Levels Room', body: 'Alice: Yes, pizza!' },
    ]);
  alices.socket.close();
  bobs.socket.close();
  await context.close();
});
