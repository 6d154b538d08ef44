/**
 * Mentions and 'Seen by' between two people in Chromium. Alice picks Bob from the '@'
 * suggestions with the keyboard; Bob sees the message marked as mentioning him and, with his
 * tab shown but his window not in front, gets a notification for it where an ordinary message
 * gets none. Alice sees 'Seen by 1' under her newest message once Bob has had it on screen,
 * and who on hover or focus.
 */
import { expect, test } from '../support/test';
import { newSignedInClient } from '../support/api-client';
import { joinedMember } from '../support/room-sockets';
import { attentionSwitches, meetInNewRoom, message, messageBox, say } from './support/room-pair';

test('a mention picked from the suggestions marks the message for Bob and notifies him out of focus', async ({
  browser,
}) => {
  const {
    owner: alice,
    guest: bob,
    roomId,
  } = await meetInNewRoom(
    browser,
    'Mention Room',
    { nickname: 'Alice' },
    { nickname: 'Bob', context: { permissions: ['notifications'] }, initScript: attentionSwitches },
  );
  // A third person, so that the suggestions are a list to move through.
  const carol = await newSignedInClient('Carol');
  await carol.client.call('/join', { body: { roomId } });
  const carols = await joinedMember(carol.client, roomId, 'Carol');
  await expect(alice.page.getByRole('button', { name: '3 online: show who' })).toBeVisible();

  // Permission granted in his context; a room of three notifies on every message by default.
  await expect(bob.page.getByRole('button', { name: 'Notifications: All messages' })).toBeVisible();
  // Bob's tab stays shown, but another window is in front of it.
  await bob.page.evaluate(() => window.setFocused(false));

  // An ordinary message: no notification for a shown tab.
  await say(alice.page, 'Anyone around?');
  await expect(message(bob.page, 'Anyone around?')).toBeVisible();
  await expect(message(bob.page, 'Anyone around?')).not.toHaveAttribute('data-mentions-me');

  const box = messageBox(alice.page);
  const suggestions = alice.page.getByRole('listbox', { name: 'Members to mention' });
  const option = (name: string) => suggestions.getByRole('option', { name });
  await box.pressSequentially('hey @');
  await expect(suggestions.getByRole('option')).toHaveText(['@Bob', '@Carol']);
  await expect(option('@Bob')).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowDown');
  await expect(option('@Carol')).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute(
    'aria-activedescendant',
    (await option('@Carol').getAttribute('id'))!,
  );
  await box.press('ArrowUp');
  await expect(option('@Bob')).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(suggestions).toHaveCount(0);
  await expect(box).toHaveValue('hey @Bob ');
  await expect(box).toBeFocused();
  await box.pressSequentially('are you there?');
  await box.press('Enter');

  const mention = message(bob.page, 'are you there?');
  await expect(mention).toHaveAttribute('data-mentions-me', 'true');
  await expect(mention.locator('.mention')).toHaveText('@Bob');
  // For Alice it names someone else.
  await expect(message(alice.page, 'are you there?')).not.toHaveAttribute('data-mentions-me');
  await expect
    .poll(() => bob.page.evaluate(() => window.shownNotifications))
    .toEqual([
      { title: 'Alice mentioned you in Mention Room', body: 'Alice: hey @Bob are you there?' },
    ]);
  carols.socket.close();
});

test('Seen by: Alice sees who has had her newest message on screen, on hover and on focus', async ({
  browser,
}) => {
  const { owner: alice, guest: bob } = await meetInNewRoom(
    browser,
    'Seen Room',
    { nickname: 'Alice' },
    { nickname: 'Bob', initScript: attentionSwitches },
  );
  const seenBy = (text: string) =>
    message(alice.page, text).getByRole('button', { name: /^Seen by/ });
  const readers = alice.page.getByRole('list', { name: 'Seen by' });

  await say(alice.page, 'Did you see this?');
  await expect(message(bob.page, 'Did you see this?')).toBeVisible();
  await expect(seenBy('Did you see this?')).toHaveText('Seen by 1');
  // Bob has nothing of his own for anyone to have seen.
  await expect(bob.page.getByRole('button', { name: /^Seen by/ })).toHaveCount(0);

  await seenBy('Did you see this?').hover();
  await expect(readers).toBeVisible();
  await expect(readers.getByRole('listitem')).toHaveText(['Bob']);
  await alice.page.mouse.move(0, 0);
  await expect(readers).toHaveCount(0);
  await seenBy('Did you see this?').focus();
  await expect(readers.getByRole('listitem')).toHaveText(['Bob']);
  await alice.page.keyboard.press('Escape');
  await expect(readers).toHaveCount(0);

  // While Bob's tab is hidden, her next message reaches it but is not seen: the mark stays.
  await bob.page.evaluate(() => window.setHidden(true));
  await say(alice.page, 'And this one?');
  await expect(message(bob.page, 'And this one?')).toBeAttached();
  // Past the reader's and the room's once-a-second pace: nothing moved.
  await alice.page.waitForTimeout(2_500);
  await expect(seenBy('Did you see this?')).toHaveText('Seen by 1');
  await expect(seenBy('And this one?')).toHaveCount(0);

  // He comes back to it: the mark moves to it.
  await bob.page.evaluate(() => window.setHidden(false));
  await expect(seenBy('And this one?')).toHaveText('Seen by 1');
  await expect(seenBy('Did you see this?')).toHaveCount(0);
});
