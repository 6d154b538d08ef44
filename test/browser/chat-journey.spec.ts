/**
 * Two people in two browser contexts: A creates a room and shares the invite link; B opens it
 * logged out, registers, logs in and lands in the room; they chat both ways; A kicks B.
 */
import { expect, test } from '../support/test';
import { field, logIn, newPerson, register, signUpAndLogIn } from '../support/browser-users';

test('invite, auto-join, chat both ways, QR code, kick', async ({ browser }) => {
  const stamp = Date.now();
  const alice = await newPerson(browser);
  const bob = await newPerson(browser);

  await signUpAndLogIn(alice, `alice-${stamp}@example.com`, 'Alice');
  await alice.getByRole('link', { name: 'Create Room' }).click();
  await field(alice, 'Room Name').fill('Weekend plans');
  await alice.getByRole('button', { name: 'Join Room' }).click();
  await expect(alice).toHaveURL(/\/chat\/[A-Za-z0-9_-]{16,}/);
  await expect(alice.getByText('No messages yet...')).toBeVisible();

  await alice.getByRole('button', { name: 'Share' }).click();
  await expect(alice.getByText('Share "Weekend plans"')).toBeVisible();
  const inviteLink = await alice.getByRole('textbox', { name: 'Invite link' }).inputValue();
  expect(inviteLink).toMatch(/\/invite\?room=[A-Za-z0-9_-]{16,}$/);
  await alice.getByRole('button', { name: 'QR Code' }).click();
  await expect(alice.getByRole('img', { name: 'Invite QR code' })).toBeVisible();
  await alice.keyboard.press('Escape');

  // Bob follows the link logged out: register, log in, and one click on the invitation joins him.
  await bob.goto(inviteLink);
  await expect(bob).toHaveURL(/\/register/);
  await register(bob, `bob-${stamp}@example.com`, 'Bob');
  await expect(
    bob.getByText('Registration successful! Please log in to join the room.'),
  ).toBeVisible();
  await logIn(bob, `bob-${stamp}@example.com`);
  await expect(bob.getByRole('heading', { name: 'Join "Weekend plans"?' })).toBeVisible();
  await expect(bob.getByText('Alice', { exact: true })).toBeVisible();
  await bob.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(bob).toHaveURL(/\/chat\/[A-Za-z0-9_-]{16,}/);
  await expect(bob.getByText('No messages yet...')).toBeVisible();

  const aliceBox = alice.getByRole('textbox', { name: 'Message' });
  const bobBox = bob.getByRole('textbox', { name: 'Message' });
  await aliceBox.fill('Hello Bob <b>not bold</b>');
  await aliceBox.press('Enter');
  await expect(bob.getByText('Hello Bob <b>not bold</b>')).toBeVisible();

  await bobBox.fill('First line');
  await bobBox.press('Shift+Enter');
  await bobBox.pressSequentially('second line');
  await bobBox.press('Enter');
  await expect(alice.getByText('First line')).toBeVisible();
  await expect(alice.getByText('second line')).toBeVisible();

  await alice.getByRole('button', { name: 'Emoji' }).click();
  await alice.getByRole('button', { name: 'party popper' }).click();
  await expect(aliceBox).toHaveValue('🎉');
  await aliceBox.press('Enter');
  await expect(bob.getByText('🎉', { exact: true })).toBeVisible();

  // Alice moderates: Bob is kicked and told.
  await alice.getByRole('button', { name: 'Rooms' }).click();
  await expect(alice.getByText('Moderation')).toBeVisible();
  await alice.getByRole('button', { name: 'Kick' }).click();
  await expect(alice.getByText(/kicked successfully/)).toBeVisible();
  await expect(bob.getByText('You have been removed from this room').first()).toBeVisible();
  // Behind the notice, Bob's header no longer counts the people he was cut off from.
  await expect(bob.getByRole('button', { name: '0 online: show who' })).toBeDisabled();
});
