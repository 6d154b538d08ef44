/**
 * The notification journeys' start: Alice makes a room and Bob joins it, both over the API; Bob
 * signs in through the form in a context of his own where notifications are permitted (Chromium
 * asks nothing), with the journey's spies run before the app's scripts, and opens the room.
 */
import { expect, type Browser } from '@playwright/test';
import { newSignedInClient, uniqueIp } from './api-client';
import { logIn } from './browser-users';

export async function pairWithNotifications(
  browser: Browser,
  baseURL: string | undefined,
  roomName: string,
  initScript: () => void,
) {
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName } });
  const roomId = room.roomId as string;
  const bob = await newSignedInClient('Bob');
  await bob.client.call('/join', { body: { roomId } });

  const context = await browser.newContext({
    baseURL,
    permissions: ['notifications'],
    extraHTTPHeaders: { 'CF-Connecting-IP': uniqueIp() },
  });
  await context.addInitScript(initScript);
  const page = await context.newPage();
  await logIn(page, bob.account.email);
  await expect(page.getByRole('heading', { name: 'Your Rooms' })).toBeVisible();
  await page.goto(`/chat/${roomId}`);
  await expect(page.getByText('No messages yet...')).toBeVisible();
  return { alice, bob, roomId, context, page };
}
