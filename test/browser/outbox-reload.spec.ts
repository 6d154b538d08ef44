/**
 * A text typed while the room is unreachable outlives a reload: the page comes back with it as
 * 'Sending…', and once the room is reachable it is delivered once, with the clientId it was
 * typed with, for the sender and for someone else, and stays once after another reload.
 */
import { expect, test } from '../support/test';
import { severable } from '../support/severable-socket';
import { newPerson, signUpAndLogIn } from '../support/browser-users';
import { installSkippableClock, skipWaitsUntil } from '../support/skip-waits';
import { createRoom, joinByInvite } from '../support/browser-rooms';

test('a text typed while the room is unreachable is sent once after a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const alice = await newPerson(browser);
  const bob = await newPerson(browser);
  const network = await severable(alice);
  await installSkippableClock(alice);
  await signUpAndLogIn(alice, `r-alice-${stamp}@example.com`, 'Alice');
  const roomId = await createRoom(alice, 'Reload');
  await signUpAndLogIn(bob, `r-bob-${stamp}@example.com`, 'Bob');
  await joinByInvite(bob, roomId);
  await expect(bob.getByText('No messages yet...')).toBeVisible();

  await network.cut();
  await expect(alice.getByLabel('Not connected')).toBeVisible();
  const text = `typed-before-reload-${stamp}`;
  const box = alice.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const pending = alice.locator('[data-pending]').filter({ hasText: text });
  await expect(pending).toContainText('Sending…');

  await alice.reload();
  await expect(alice).toHaveURL(new RegExp(`/chat/${roomId}`));
  await expect(pending).toContainText('Sending…');
  await alice.waitForTimeout(500);
  await expect(bob.getByText(text, { exact: true })).toHaveCount(0);

  network.restore();
  await skipWaitsUntil(alice, alice.getByLabel('Connected', { exact: true }));
  for (const page of [alice, bob]) {
    await expect(page.getByText(text, { exact: true })).toHaveCount(1, { timeout: 15_000 });
  }
  await expect(alice.locator('[data-pending]')).toHaveCount(0);

  // Delivered for good: another reload neither sends it again nor shows it twice.
  await alice.reload();
  await bob.reload();
  for (const page of [alice, bob]) {
    await expect(page.getByLabel('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(text, { exact: true })).toHaveCount(1);
  }
  await alice.waitForTimeout(1500);
  for (const page of [alice, bob]) {
    await expect(page.getByText(text, { exact: true })).toHaveCount(1);
  }
  await expect(alice.locator('[data-pending]')).toHaveCount(0);
});
