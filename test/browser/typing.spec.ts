/**
 * The typing line, two people in Chromium (and a third over socket.io-client): Alice types and
 * Bob sees 'Alice is typing…' above his message box; it goes a few seconds after she stops,
 * and at once when her message arrives. Two typists are named together.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test';
import { newSignedInClient } from '../support/api-client';
import { logIn, newPerson } from '../support/browser-users';
import { joinedMember } from '../support/room-sockets';

test('"Alice is typing…" shows while she types and goes when she stops or sends', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'Typing Room' } });
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
  }
  await alicePage.goto(`/chat/${room.roomId}`);
  await bobPage.goto(`/chat/${room.roomId}`);
  const aliceBox = alicePage.getByRole('textbox', { name: 'Message' });
  await expect(aliceBox).toBeVisible();
  await expect(bobPage.getByText('No messages yet...')).toBeVisible();
  await expect(bobPage.getByRole('button', { name: /2 online/i })).toBeVisible();

  const line = bobPage.getByText('Alice is typing…');
  await aliceBox.pressSequentially('Hello B', { delay: 50 });
  // Her last keystroke: the time the line's life is measured from (the checks below take time).
  const stoppedAt = Date.now();
  await expect(line).toBeVisible();
  // The line lives in a polite live region, and Alice never sees herself.
  await expect(line).toHaveAttribute('aria-live', 'polite');
  await expect(alicePage.getByText(/is typing…/)).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page: bobPage }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // She stops: the line stays a moment, then goes (about 5 s after her last signal).
  await expect(line).toBeHidden({ timeout: 9_000 });
  expect(Date.now() - stoppedAt).toBeGreaterThan(2_000);

  // She types again and sends: the line goes with her message.
  await aliceBox.pressSequentially('ob', { delay: 50 });
  await expect(line).toBeVisible();
  await aliceBox.press('Enter');
  await expect(bobPage.getByText('Hello Bob')).toBeVisible();
  await expect(line).toBeHidden({ timeout: 1_000 });

  // Carol types from her own client while Alice types again: both are named.
  const carol = await newSignedInClient('Carol');
  await carol.client.call('/join', { body: { roomId: room.roomId } });
  const { socket: carolSocket } = await joinedMember(carol.client, room.roomId, 'Carol');
  await aliceBox.pressSequentially('and Carol', { delay: 50 });
  carolSocket.emit('typing');
  await expect(bobPage.getByText('Alice and Carol are typing…')).toBeVisible();
  carolSocket.close();
});
