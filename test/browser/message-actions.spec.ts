/**
 * Acting on a message, two people in Chromium: Alice finds a message's actions by pointing at
 * it, replies from the menu, edits her reply with Up, reacts from a right-click, pins it (the
 * pins list shows its focus rings whole), mentions Bob from the '@' suggestions and deletes a
 * message after confirming. Bob sees each.
 */
import { expect, test, type Locator, type Page } from '../support/test';
import { seriousViolations } from './support/axe';
import { newSignedInClient } from '../support/api-client';
import { logIn, newPerson } from '../support/browser-users';

/** The banner's line (a hidden live region says the same words). */
const banner = (page: Page, words: string) =>
  page.getByRole('paragraph').filter({ hasText: words });

/** How many pixels of `control`'s focus ring the nearest box that clips it cuts off. */
const ringCutOff = (control: Locator) =>
  control.evaluate((element) => {
    const style = getComputedStyle(element);
    const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
    let clip = element.parentElement!;
    while (getComputedStyle(clip).overflow === 'visible') clip = clip.parentElement!;
    const ring = element.getBoundingClientRect();
    const box = clip.getBoundingClientRect();
    const left = box.left + clip.clientLeft;
    const top = box.top + clip.clientTop;
    return Math.max(
      0,
      left - (ring.left - reach),
      top - (ring.top - reach),
      ring.right + reach - (left + clip.clientWidth),
      ring.bottom + reach - (top + clip.clientHeight),
    );
  });

test('a message’s actions: reply, edit, react, mention and delete', async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'Actions Room' } });
  const bob = await newSignedInClient('Bob');
  await bob.client.call('/join', { body: { roomId: room.roomId } });

  const alicePage = await newPerson(browser);
  const bobPage = await newPerson(browser);
  for (const [page, person] of [
    [alicePage, alice],
    [bobPage, bob],
  ] as const) {
    await logIn(page, person.account.email);
    await expect(page.getByRole('heading', { name: 'Your Rooms' })).toBeVisible();
    await page.goto(`/chat/${room.roomId}`);
    await expect(page.getByText('No messages yet...')).toBeVisible();
  }
  const aliceBox = alicePage.getByRole('textbox', { name: 'Message' });
  const bobBox = bobPage.getByRole('textbox', { name: 'Message' });

  await bobBox.fill('Lunch at noon?');
  await bobBox.press('Enter');
  const log = alicePage.getByRole('log', { name: 'Messages' });
  // The first item (a reply quoting it comes later).
  const bobsMessage = log.getByRole('listitem').first();
  await expect(bobsMessage).toBeVisible();

  // Out of sight until the message is pointed at; then the menu.
  const actions = alicePage.getByRole('button', {
    name: 'Actions for Bob\'s message: "Lunch at noon?"',
  });
  await expect(actions).toHaveCSS('opacity', '0');
  await bobsMessage.getByText('Lunch at noon?').hover();
  await expect(actions).toHaveCSS('opacity', '1');
  await actions.click();
  await expect(alicePage.getByRole('menuitem', { name: 'Reply' })).toBeVisible();
  await expect(alicePage.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
  await alicePage.getByRole('menuitem', { name: 'Reply' }).click();

  await expect(banner(alicePage, 'Replying to Bob')).toBeVisible();
  await expect(aliceBox).toBeFocused();
  await aliceBox.fill('Yes!');
  await aliceBox.press('Enter');
  await expect(banner(alicePage, 'Replying to Bob')).toHaveCount(0);
  await expect(bobPage.getByText('Yes!', { exact: true })).toBeVisible();

  // Up in the empty box edits her reply.
  await aliceBox.press('ArrowUp');
  await expect(banner(alicePage, 'Editing message')).toBeVisible();
  await expect(aliceBox).toHaveValue('Yes!');
  await aliceBox.fill('Yes, at noon!');
  await aliceBox.press('Enter');
  await expect(banner(alicePage, 'Editing message')).toHaveCount(0);
  await expect(bobPage.getByText('Yes, at noon!', { exact: true })).toBeVisible();
  await expect(aliceBox).toHaveValue('');

  // A right-click opens the same menu; React offers the quick reactions.
  await bobsMessage.getByText('Lunch at noon?').click({ button: 'right' });
  await alicePage.getByRole('menuitem', { name: 'React' }).click();
  const picker = alicePage.getByRole('dialog', { name: "React to Bob's message" });
  await picker
    .getByRole('group', { name: 'Quick reactions' })
    .getByRole('button', { name: 'thumbs up' })
    .click();
  await expect(picker).toHaveCount(0);
  await expect(actions).toBeFocused();
  await expect(
    bobPage.getByRole('log', { name: 'Messages' }).getByRole('listitem').first(),
  ).toContainText('👍');

  // Pinned, it is listed under the header; the keyboard's focus rings show whole there.
  await bobsMessage.getByText('Lunch at noon?').click({ button: 'right' });
  await alicePage.getByRole('menuitem', { name: 'Pin' }).click();
  await alicePage.getByRole('button', { name: /^1 pinned message/ }).click();
  const pins = alicePage.getByRole('dialog', { name: 'Pinned messages' });
  const pinLink = pins.getByRole('button', { name: /^Bob/ });
  const unpin = pins.getByRole('button', { name: /^Unpin Bob's message/ });
  for (const control of [pinLink, unpin]) {
    await expect(async () => {
      await alicePage.keyboard.press('Tab');
      await expect(control).toBeFocused({ timeout: 100 });
    }).toPass();
    await expect(control).not.toHaveCSS('outline-style', 'none');
    expect(await ringCutOff(control)).toBe(0);
  }
  await alicePage.keyboard.press('Escape');
  await expect(pins).toHaveCount(0);

  // '@' suggests Bob; Enter writes him in.
  await aliceBox.pressSequentially('see you @b');
  const suggestions = alicePage.getByRole('listbox', { name: 'Members to mention' });
  await expect(suggestions.getByRole('option', { name: '@Bob' })).toBeVisible();
  expect(await seriousViolations(alicePage)).toEqual([]);
  await aliceBox.press('Enter');
  await expect(aliceBox).toHaveValue('see you @Bob ');
  await expect(suggestions).toHaveCount(0);
  await aliceBox.press('Enter');
  await expect(bobPage.getByText('see you @Bob', { exact: true })).toBeVisible();

  // Her own message can be deleted, after a confirmation.
  const mine = log.getByRole('listitem').filter({ hasText: 'see you @Bob' });
  await mine.getByText('see you').hover();
  await alicePage
    .getByRole('button', { name: /^Actions for your message: "see you @Bob"/ })
    .click();
  await alicePage.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = alicePage.getByRole('dialog', { name: 'Delete this message?' });
  await expect(confirm).toBeVisible();
  expect(await seriousViolations(alicePage)).toEqual([]);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(bobPage.getByText('see you @Bob', { exact: true })).toHaveCount(0);
  await expect(bobPage.getByText('Message deleted')).toBeVisible();
});
