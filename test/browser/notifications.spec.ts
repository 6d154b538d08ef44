/**
 * Notifications while the tab is in the background: Bob allows them from the chat's bell menu
 * (permission granted in his context, so Chromium asks nothing; the page sees 'default' until
 * it asks, as a browser that was never asked does), hides the tab, and Alice's
 * message becomes a notification naming the room, the author and the plain text; a click on
 * it focuses the tab, in the room. Nothing for a shown tab or for Bob's own messages.
 */
import { expect, test } from '../support/test';
import { pairWithNotifications } from '../support/notifications-pair';
import { joinedMember } from '../support/room-sockets';

interface Shown {
  title: string;
  body: string;
}

declare global {
  interface Window {
    shownNotifications: Shown[];
    clickNotification: (index: number) => void;
    focusCalls: number;
    permissionAsks: number;
    setHidden: (hidden: boolean) => void;
  }
}

/** Spies: the real Notification (each one recorded), window.focus, and a visibility switch. */
function notificationSpies() {
  const Real = window.Notification;
  const made: Notification[] = [];
  window.shownNotifications = [];
  class Spy extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      window.shownNotifications.push({ title, body: options?.body ?? '' });
      made.push(this);
    }
  }
  window.permissionAsks = 0;
  Spy.requestPermission = (...args) => {
    window.permissionAsks += 1;
    return Real.requestPermission(...args);
  };
  Object.defineProperty(Spy, 'permission', {
    get: () => (window.permissionAsks > 0 ? Real.permission : 'default'),
  });
  window.Notification = Spy as typeof Notification;
  window.clickNotification = (index) =>
    made[index]?.onclick?.call(made[index]!, new Event('click'));
  window.focusCalls = 0;
  const focus = window.focus.bind(window);
  window.focus = () => {
    window.focusCalls += 1;
    focus();
  };
  let hidden = false;
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  window.setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  };
}

test('a message from someone else in a hidden tab becomes a notification; its click brings the room', async ({
  browser,
  baseURL,
}) => {
  const { alice, bob, roomId, context, page } = await pairWithNotifications(
    browser,
    baseURL,
    'Bell Room',
    notificationSpies,
  );

  // Asked for only from the bell: nothing was asked on load.
  expect(await page.evaluate(() => window.permissionAsks)).toBe(0);
  const bell = page.getByRole('button', { name: 'Notifications: All messages' });
  const allow = page.getByRole('menuitem', { name: 'Allow notifications in this browser' });
  await bell.click();
  await allow.click();
  expect(await page.evaluate(() => window.permissionAsks)).toBe(1);
  // Granted: the menu, open while the browser answered, asks no more.
  await expect(allow).toHaveCount(0);
  await expect(page.getByRole('menuitemradio', { name: /All messages/ })).toBeVisible();
  await expect(page.getByText(/blocked in this browser/)).toHaveCount(0);
  await page.keyboard.press('Escape');

  const alices = (await joinedMember(alice.client, roomId, 'Alice')).socket;
  // A shown tab: no notification.
  await alices.emitWithAck('sendMessage', { text: 'while you look', roomId });
  await expect(page.getByText('while you look')).toBeVisible();

  await page.evaluate(() => window.setHidden(true));
  await alices.emitWithAck('sendMessage', {
    text: 'Dinner **at eight** <b>sharp</b>',
    roomId,
  });
  const bobs = (await joinedMember(bob.client, roomId, 'Bob')).socket;
  await bobs.emitWithAck('sendMessage', { text: 'my own words', roomId });
  await expect(page.getByText('my own words')).toBeVisible();
  expect(await page.evaluate(() => window.shownNotifications)).toEqual([
    { title: 'Bell Room', body: 'Alice: Dinner at eight <b>sharp</b>' },
  ]);

  // Bob goes to his room list; a click on the notification focuses the tab, back in the room.
  await page.evaluate(() => window.setHidden(false));
  await page.getByRole('link', { name: 'Chat Rooms' }).click();
  await expect(page.getByRole('heading', { name: 'Your Rooms' })).toBeVisible();
  await page.evaluate(() => window.clickNotification(0));
  expect(await page.evaluate(() => window.focusCalls)).toBe(1);
  await expect(page).toHaveURL(new RegExp(`/chat/${roomId}$`));
  await expect(page.getByText('Dinner at eight')).toBeVisible();
  alices.close();
  bobs.close();
  await context.close();
});
