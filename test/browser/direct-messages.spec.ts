/**
 * Direct messages in Chromium (issue 35 item 4). Alice and Bob are in a room; Alice opens a
 * private conversation with Bob from the online list, and both talk in it (Bob finds it in his
 * room list under Alice's name, with its person mark). Carol, in the same room, has its
 * address and cannot enter it, by the chat's URL or as an invitation. Bob blocks Alice: the
 * conversation ends on both screens, and Alice cannot open it again. Bob is on a 375 px phone;
 * axe finds nothing serious on the screens it adds.
 */
import type { Response } from '@playwright/test';
import { expect, test } from '../support/test';
import { seriousViolations } from './support/axe';
import { meetInNewRoom, messageBox, messages, signedInPerson } from './support/room-pair';

/** axe's serious and critical findings on the page as it is. */
test('a private conversation of two, a stranger kept out, and a block that ends it', async ({
  browser,
}) => {
  // Bob on a phone.
  const {
    owner: alice,
    guest: bob,
    roomId,
  } = await meetInNewRoom(
    browser,
    'Friends',
    { nickname: 'Alice' },
    { nickname: 'Bob', context: { viewport: { width: 375, height: 740 } } },
  );
  const carol = await signedInPerson(browser, { nickname: 'Carol' });
  expect((await carol.client.call('/join', { body: { roomId } })).status).toBe(200);

  // Alice: the online list, then 'Message privately' beside Bob (not beside herself).
  await alice.page.getByRole('button', { name: /online: show who/ }).click();
  const online = alice.page.getByRole('dialog', { name: 'People online' });
  await expect(online.getByRole('button', { name: 'Message privately with Alice' })).toHaveCount(0);
  await expect(online.getByRole('button', { name: 'Message privately with Bob' })).toBeVisible();
  expect(await seriousViolations(alice.page)).toEqual([]);
  await online.getByRole('button', { name: 'Message privately with Bob' }).click();
  // Another room's chat: the conversation's.
  await expect(alice.page).not.toHaveURL(new RegExp(`/chat/${roomId}$`));
  await expect(alice.page).toHaveURL(/\/chat\/[A-Za-z0-9_-]{16,}$/);
  const directId = new URL(alice.page.url()).pathname.split('/').at(-1)!;
  await expect(alice.page.getByRole('heading', { level: 1, name: 'Bob' })).toBeVisible();
  // No invite link to share: the header has the conversation's menu instead.
  await expect(alice.page.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await expect(alice.page.getByText('No messages yet...')).toBeVisible();
  await messageBox(alice.page).fill('Just between us, Bob');
  await messageBox(alice.page).press('Enter');
  await expect(messages(alice.page).filter({ hasText: 'Just between us, Bob' })).toBeVisible();

  // Bob finds it in his room list, named after Alice and marked as private.
  await bob.page.getByRole('button', { name: 'Rooms' }).click();
  const card = bob.page.getByRole('link').filter({
    has: bob.page.getByRole('heading', { name: 'Private conversation: Alice' }),
  });
  await expect(card).toBeVisible();
  expect(await seriousViolations(bob.page)).toEqual([]);
  await card.click();
  await expect(bob.page).toHaveURL(new RegExp(`/chat/${directId}$`));
  await expect(bob.page.getByRole('heading', { level: 1, name: 'Alice' })).toBeVisible();
  await expect(messages(bob.page).filter({ hasText: 'Just between us, Bob' })).toBeVisible();
  // The header fits the phone: its menu is on screen.
  await expect(bob.page.getByRole('button', { name: 'Conversation options' })).toBeInViewport();
  await messageBox(bob.page).fill('Only you can read this');
  await messageBox(bob.page).press('Enter');
  await expect(messages(alice.page).filter({ hasText: 'Only you can read this' })).toBeVisible();

  // Carol has the address and is a member of the room it came from: still no way in. The
  // socket's ticket is the one thing she asks of it; its entry, level and nicknames would only
  // be refused too.
  const refused: string[] = [];
  const noteRefusal = (response: Response) => {
    if (response.status() >= 400) {
      refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    }
  };
  carol.page.on('response', noteRefusal);
  await carol.page.goto(`/chat/${directId}`);
  await expect(carol.page.getByText('You are not a member of this room')).toBeVisible();
  await carol.page.waitForLoadState('networkidle');
  carol.page.off('response', noteRefusal);
  expect(refused).toEqual([`POST /api/rooms/${directId}/ticket`]);
  await expect(carol.page.getByText('Just between us, Bob')).toHaveCount(0);
  await expect(carol.page.getByText('Only you can read this')).toHaveCount(0);
  await carol.page.goto(`/invite?room=${directId}`);
  await expect(carol.page.getByRole('button', { name: 'Join', exact: true })).toHaveCount(0);
  await expect(carol.page.getByText('Only you can read this')).toHaveCount(0);
  expect((await carol.client.call('/join', { body: { roomId: directId } })).status).toBe(404);

  // Bob blocks Alice from the conversation's menu, after a dialog that says what it does.
  await bob.page.getByRole('button', { name: 'Conversation options' }).click();
  await bob.page.getByRole('menuitem', { name: 'Block Alice' }).click();
  const confirm = bob.page.getByRole('dialog', { name: 'Block Alice?' });
  await expect(confirm).toContainText('ends your private conversation for both of you');
  expect(await seriousViolations(bob.page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(bob.page).toHaveURL(/\/join$/);
  await expect(bob.page.getByText('You blocked Alice. Your conversation has ended.')).toBeVisible();
  // Alice's screen is told at once.
  await expect(alice.page).toHaveURL(/\/join$/);
  await expect(alice.page.getByText('This room was deleted.')).toBeVisible();

  // Alice cannot open it again from the room they share (the owner's members list).
  await alice.page.goto(`/chat/${roomId}`);
  await alice.page.getByRole('button', { name: 'Rooms' }).click();
  await alice.page.getByRole('button', { name: 'Message privately with Bob' }).click();
  await expect(alice.page.getByText("You can't message this person.")).toBeVisible();
  await expect(alice.page).toHaveURL(new RegExp(`/chat/${roomId}$`));

  // Bob sees whom he blocked in his settings, and may lift it.
  await bob.page.goto('/settings');
  await expect(bob.page.getByRole('heading', { name: 'People you blocked' })).toBeVisible();
  expect(await seriousViolations(bob.page)).toEqual([]);
  await bob.page.getByRole('button', { name: 'Unblock Alice' }).click();
  await expect(bob.page.getByRole('heading', { name: 'People you blocked' })).toHaveCount(0);
});
