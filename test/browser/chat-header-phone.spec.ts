/**
 * The chat on the narrowest phones in use (320 and 375 px wide): the room's name, who is online
 * and the header's icons share one line with nothing under anything else and every control at
 * least 24 px square (WCAG 2.5.8); the message box keeps room to type beside its buttons.
 */
import { expect, test } from '../support/test';
import { newSignedInClient } from '../support/api-client';
import { logIn, newPerson } from '../support/browser-users';
import { joinedMember } from '../support/room-sockets';

const ROOM_NAME = 'Supercalifragilisticexpialidocious';

test('on a phone the header controls stay apart and the message box wide', async ({ browser }) => {
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: ROOM_NAME } });
  // A page longer than the window, so the message bar has its 'Scroll to top' button too.
  const member = await joinedMember(alice.client, room.roomId, 'Alice');
  await member.say(Array.from({ length: 10 }, (_, index) => `Message ${index + 1}`));
  member.socket.close();
  const page = await newPerson(browser);
  await page.setViewportSize({ width: 320, height: 568 });
  await logIn(page, alice.account.email);
  await expect(page.getByRole('heading', { name: 'Your Rooms' })).toBeVisible();
  await page.goto(`/chat/${room.roomId}`);

  const online = page.getByRole('button', { name: '1 online: show who' });
  await expect(online).toBeEnabled();
  await expect(page.getByRole('log').getByText('Message 10')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scroll to top' })).toBeVisible();
  const heading = page.getByRole('heading', { name: ROOM_NAME });
  await expect(heading).toHaveAttribute('title', ROOM_NAME);

  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 568 });
    const controls = await page.locator('[data-chat-header]').evaluate((header) =>
      [...header.querySelectorAll('button, [role="img"]')].map((control) => {
        const { x, y, width, height } = control.getBoundingClientRect();
        return { name: control.getAttribute('aria-label'), x, y, width, height };
      }),
    );
    expect(controls.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['Rooms', '1 online: show who', 'Search messages', 'Help']),
    );
    for (const control of controls) {
      expect(control.width, `${control.name} at ${width} px`).toBeGreaterThanOrEqual(24);
      expect(control.height, `${control.name} at ${width} px`).toBeGreaterThanOrEqual(24);
    }
    for (const [index, one] of controls.entries()) {
      for (const other of controls.slice(index + 1)) {
        const apart =
          one.x + one.width <= other.x ||
          other.x + other.width <= one.x ||
          one.y + one.height <= other.y ||
          other.y + other.height <= one.y;
        expect(apart, `${one.name} and ${other.name} at ${width} px`).toBe(true);
      }
    }
    // Cut with an ellipsis, the name still shows several letters.
    expect((await heading.boundingBox())!.width).toBeGreaterThanOrEqual(64);
    const box = page.getByRole('textbox', { name: 'Message' });
    expect((await box.boundingBox())!.width).toBeGreaterThanOrEqual(180);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  }
});
