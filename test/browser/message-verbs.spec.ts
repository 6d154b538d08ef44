/**
 * Issue 33's verbs between two people in Chromium, each done from a message's actions menu or
 * the message box, and checked on the other person's screen: a reply's quote (which leads back
 * to the original), a reaction counted on both sides and toggled from its chip, edits (from the
 * menu, from Up, and one given up with Esc), deletions by the author and by the room's owner
 * (and none offered to anyone else), and Copy text.
 */
import { expect, test, type Page } from '../support/test';
import {
  actionsButton,
  meetInNewRoom,
  message,
  messageBox,
  messages,
  openActions,
  say,
} from './support/room-pair';

const menuItem = (page: Page, name: string) => page.getByRole('menuitem', { name });

test('a reply shows its quote to the other person, and the quote leads back to the original', async ({
  browser,
}) => {
  const { owner: alice, guest: bob } = await meetInNewRoom(browser, 'Reply Room');
  // A short window, so that a few messages take the original out of Bob's sight.
  await bob.page.setViewportSize({ width: 800, height: 500 });
  await say(bob.page, 'Lunch at noon?');
  for (const n of [1, 2, 3, 4, 5]) await say(alice.page, `Meanwhile ${n}\nmore\nand more`);

  await openActions(alice.page, "Bob's", 'Lunch at noon?');
  await menuItem(alice.page, 'Reply').click();
  await expect(alice.page.getByRole('button', { name: 'Cancel reply' })).toBeVisible();
  await expect(messageBox(alice.page)).toBeFocused();
  await messageBox(alice.page).fill('Yes, at noon!');
  await messageBox(alice.page).press('Enter');
  await expect(alice.page.getByRole('button', { name: 'Cancel reply' })).toHaveCount(0);

  // Bob sees the quote (author and first words) above Alice's words.
  const reply = message(bob.page, 'Yes, at noon!');
  const quote = reply.getByRole('button', {
    name: 'Reply to Bob: Lunch at noon?. Show the original',
  });
  await expect(quote).toBeVisible();
  await expect(quote).toContainText('Bob');
  await expect(quote).toContainText('Lunch at noon?');
  // Both measured in one frame: the list may still be scrolling to the reply.
  const words = await reply.getByText('Yes, at noon!').elementHandle();
  const quoteAboveWords = await quote.evaluate(
    (quoteElement, wordsElement) =>
      quoteElement.getBoundingClientRect().bottom <= wordsElement!.getBoundingClientRect().top,
    words,
  );
  expect(quoteAboveWords).toBe(true);

  // The original is the first message (the reply's item quotes the same words).
  const original = messages(bob.page).first();
  await expect(original).toContainText('Lunch at noon?');
  await expect(original).not.toBeInViewport();
  await quote.click();
  await expect(original).toBeInViewport();
  await expect(original).toBeFocused();
  await expect(original).toHaveAttribute('data-highlighted', 'true');
  // Marked for a moment only.
  await expect(original).not.toHaveAttribute('data-highlighted', /.*/, { timeout: 5_000 });

  // From the keyboard too: back at the end, Enter on the quote.
  await bob.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(original).not.toBeInViewport();
  await quote.focus();
  await bob.page.keyboard.press('Enter');
  await expect(original).toBeInViewport();
  await expect(original).toHaveAttribute('data-highlighted', 'true');
});

test('a reaction from the picker shows as a chip on both sides; the other person’s click toggles theirs', async ({
  browser,
}) => {
  const { owner: alice, guest: bob } = await meetInNewRoom(browser, 'React Room');
  await say(bob.page, 'Pizza tonight?');

  await openActions(alice.page, "Bob's", 'Pizza tonight?');
  await menuItem(alice.page, 'React').click();
  const picker = alice.page.getByRole('dialog', { name: "React to Bob's message" });
  await picker
    .getByRole('group', { name: 'Quick reactions' })
    .getByRole('button', { name: 'thumbs up' })
    .click();
  await expect(picker).toHaveCount(0);
  await expect(actionsButton(alice.page, "Bob's", 'Pizza tonight?')).toBeFocused();

  const chip = (page: Page) => message(page, 'Pizza tonight?').getByRole('button', { name: /^👍/ });
  await expect(chip(bob.page)).toHaveAccessibleName('👍 1: Alice');
  await expect(chip(bob.page)).toHaveText('👍1');
  await expect(chip(bob.page)).toHaveAttribute('aria-pressed', 'false');
  await expect(chip(alice.page)).toHaveAttribute('aria-pressed', 'true');

  await chip(bob.page).click();
  for (const page of [alice.page, bob.page]) {
    await expect(chip(page)).toHaveAccessibleName(/^👍 2: (Alice, Bob|Bob, Alice)$/);
    await expect(chip(page)).toHaveAttribute('aria-pressed', 'true');
  }

  await chip(bob.page).click();
  for (const page of [alice.page, bob.page]) {
    await expect(chip(page)).toHaveAccessibleName('👍 1: Alice');
  }
  await expect(chip(bob.page)).toHaveAttribute('aria-pressed', 'false');
  await expect(chip(alice.page)).toHaveAttribute('aria-pressed', 'true');
});

test('edits from the menu and from Up reach the other person marked (edited); Esc gives one up', async ({
  browser,
}) => {
  const { owner: alice, guest: bob } = await meetInNewRoom(browser, 'Edit Room');
  const box = messageBox(alice.page);
  const editing = alice.page.getByText('Enter to save, Esc to cancel');
  await say(alice.page, 'Meet at 6');
  await expect(message(bob.page, 'Meet at 6')).toBeVisible();
  await expect(message(bob.page, 'Meet at 6')).not.toContainText('(edited)');

  // From the menu, with words already in the box: they come back after the edit.
  await box.fill('a draft');
  await openActions(alice.page, 'your', 'Meet at 6');
  await menuItem(alice.page, 'Edit').click();
  await expect(editing).toBeVisible();
  await expect(box).toHaveValue('Meet at 6');
  await expect(alice.page.getByRole('button', { name: 'Save' })).toBeVisible();
  await box.fill('Meet at 7');
  await box.press('Enter');
  await expect(editing).toHaveCount(0);
  await expect(box).toHaveValue('a draft');

  const meeting = messages(bob.page).first();
  await expect(meeting).toContainText('Meet at 7');
  await expect(meeting).toContainText('(edited)');
  await expect(meeting.getByText('(edited)')).toHaveAttribute('title', /^Edited /);
  await expect(bob.page.getByText('Meet at 6')).toHaveCount(0);

  // Up in an empty box edits her newest message.
  await box.fill('');
  await box.press('ArrowUp');
  await expect(editing).toBeVisible();
  await expect(box).toHaveValue('Meet at 7');
  await box.fill('Meet at 7:30');
  await box.press('Enter');
  await expect(meeting).toContainText('Meet at 7:30');

  // Another, given up with Esc: nothing changes for Bob.
  await box.press('ArrowUp');
  await expect(box).toHaveValue('Meet at 7:30');
  await box.fill('Meet at 9');
  await box.press('Escape');
  await expect(editing).toHaveCount(0);
  await expect(box).toHaveValue('');
  await say(alice.page, 'See you then');
  await expect(message(bob.page, 'See you then')).toBeVisible();
  await expect(meeting).toContainText('Meet at 7:30');
  await expect(bob.page.getByText('Meet at 9')).toHaveCount(0);
});

test('deletions: the author’s and the owner’s leave a placeholder for the other; a guest may not delete others’', async ({
  browser,
}) => {
  const { owner: alice, guest: bob } = await meetInNewRoom(browser, 'Delete Room');
  await say(alice.page, 'Oops, wrong room');
  await say(bob.page, 'What was that?');
  await say(alice.page, 'Never mind');
  await expect(messages(bob.page)).toHaveCount(3);

  // Bob, not the owner, may act on Alice's message but neither edit nor delete it.
  await openActions(bob.page, "Alice's", 'Never mind');
  await expect(menuItem(bob.page, 'Reply')).toBeVisible();
  await expect(menuItem(bob.page, 'Copy text')).toBeVisible();
  await expect(menuItem(bob.page, 'Edit')).toHaveCount(0);
  await expect(menuItem(bob.page, 'Delete')).toHaveCount(0);
  await bob.page.keyboard.press('Escape');
  await expect(bob.page.getByRole('menu')).toHaveCount(0);

  // Alice deletes her own; Cancel first keeps it, the focus back on the message's button.
  // No confirm waits in the page before one is asked for, nor once it has faded out (the
  // screen's own dialogs wait there closed, whatever the messages).
  const confirm = alice.page.getByRole('dialog', { name: 'Delete this message?' });
  const modalRoots = alice.page.locator('.mantine-Modal-root');
  const screenModals = await modalRoots.count();
  await openActions(alice.page, 'your', 'Oops, wrong room');
  await menuItem(alice.page, 'Delete').click();
  await expect(confirm).toBeVisible();
  await expect(modalRoots).toHaveCount(screenModals + 1);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(actionsButton(alice.page, 'your', 'Oops, wrong room')).toBeFocused();
  await expect(modalRoots).toHaveCount(screenModals);
  // Escape turns it down too.
  await alice.page.keyboard.press('Enter');
  await expect(menuItem(alice.page, 'Reply')).toBeFocused();
  await alice.page.keyboard.press('End');
  await expect(menuItem(alice.page, 'Delete')).toBeFocused();
  await alice.page.keyboard.press('Enter');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await alice.page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(actionsButton(alice.page, 'your', 'Oops, wrong room')).toBeFocused();
  await openActions(alice.page, 'your', 'Oops, wrong room');
  await menuItem(alice.page, 'Delete').click();
  await confirm.getByRole('button', { name: 'Delete' }).click();

  const first = messages(bob.page).nth(0);
  await expect(first).toContainText('Message deleted');
  await expect(first).toHaveAttribute('data-deleted', 'true');
  await expect(bob.page.getByText('Oops, wrong room')).toHaveCount(0);
  // A placeholder has no actions.
  await expect(first.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await expect(messages(bob.page)).toHaveCount(3);

  // The owner deletes Bob's message: gone on Bob's screen too, in its place.
  await openActions(alice.page, "Bob's", 'What was that?');
  await expect(menuItem(alice.page, 'Edit')).toHaveCount(0);
  await menuItem(alice.page, 'Delete').click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const second = messages(bob.page).nth(1);
  await expect(second).toContainText('Message deleted');
  await expect(second).toHaveAttribute('data-deleted', 'true');
  await expect(bob.page.getByText('What was that?')).toHaveCount(0);
  await expect(messages(bob.page).nth(2)).toContainText('Never mind');
});

test('Copy text puts the message’s plain text on the clipboard', async ({ browser }) => {
  const { owner: alice, guest: bob } = await meetInNewRoom(
    browser,
    'Copy Room',
    { nickname: 'Alice', context: { permissions: ['clipboard-read', 'clipboard-write'] } },
    { nickname: 'Bob' },
  );
  await say(bob.page, 'Buy **milk**\nand bread');
  await openActions(alice.page, "Bob's", 'Buy milk and bread');
  await menuItem(alice.page, 'Copy text').click();
  await expect(alice.page.getByText('Message text copied')).toBeVisible();
  expect(await alice.page.evaluate(() => navigator.clipboard.readText())).toBe(
    'Buy milk\nand bread',
  );
});
