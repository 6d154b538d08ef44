/**
 * The chat on the narrowest phones in use (320 and 375 px wide): the room's name, who is online
 * and the header's icons share one line with nothing under anything else and every control at
 * least 24 px square (WCAG 2.5.8); the message box keeps room to type beside its buttons. A
 * message bar grown tall (a reply's banner over a long draft) still leaves the newest message
 * whole above it, and its controls are 24 px too.
 */
import { expect, test, type Page } from '../support/test';
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

/** How far the newest message's bottom reaches below the message bar's top (0 or less: clear). */
const newestUnderBar = (page: Page) =>
  page.evaluate(() => {
    const newest = [...document.querySelectorAll('[role="log"] li')].at(-1)!;
    const bar = document.querySelector('[data-message-bar]')!;
    return newest.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
  });

test('on a phone the newest message stays whole above a tall message bar', async ({ browser }) => {
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'Tall bar' } });
  const bob = await newSignedInClient('Bob');
  await bob.client.call('/join', { body: { roomId: room.roomId } });
  const bobInRoom = await joinedMember(bob.client, room.roomId, 'Bob');
  await bobInRoom.say(Array.from({ length: 10 }, (_, index) => `Message ${index + 1}`));
  const page = await newPerson(browser);
  await page.setViewportSize({ width: 360, height: 640 });
  await logIn(page, alice.account.email);
  await expect(page.getByRole('heading', { name: 'Your Rooms' })).toBeVisible();
  await page.goto(`/chat/${room.roomId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Message 10')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scroll to top' })).toBeVisible();

  // A reply's banner over a six-line draft: the bar is far taller than its usual line.
  await log.getByText('Message 10').hover();
  await page.getByRole('button', { name: 'Actions for Bob\'s message: "Message 10"' }).click();
  await page.getByRole('menuitem', { name: 'Reply' }).click();
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeFocused();
  await box.fill(Array.from({ length: 6 }, (_, index) => `Line ${index + 1}`).join('\n'));
  // And a file, its upload held, so the strip shows its Cancel and Remove.
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  await page.route('**/api/rooms/*/files', async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  const file = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('sun cream') };
  await (await chooser).setFiles([file]);
  await expect(page.getByRole('button', { name: 'Cancel upload of notes.txt' })).toBeVisible();
  const bar = page.locator('[data-message-bar]');
  expect((await bar.boundingBox())!.height).toBeGreaterThan(300);

  // Someone else writes while Alice reads at the end: the list follows, above the whole bar.
  await bobInRoom.say(['Message 11']);
  await expect(log.getByText('Message 11')).toBeVisible();
  await expect.poll(() => newestUnderBar(page)).toBeLessThanOrEqual(0);

  // Every control of the bar is 24 px or more (WCAG 2.5.8), the banner's close too, which is
  // no taller than the banner's words (the bar does not grow for it).
  const controls = await bar.evaluate((element) =>
    [...element.querySelectorAll('button, textarea, input, a, [role="option"]')]
      .filter((control) => control.checkVisibility())
      .map((control) => {
        const { width, height } = control.getBoundingClientRect();
        return { name: control.getAttribute('aria-label') ?? control.textContent, width, height };
      }),
  );
  expect(controls.map(({ name }) => name)).toEqual(
    expect.arrayContaining([
      'Cancel reply',
      'Message',
      'Scroll to top',
      'Cancel upload of notes.txt',
      'Remove notes.txt',
    ]),
  );
  for (const control of controls) {
    expect(control.width, `${control.name}`).toBeGreaterThanOrEqual(24);
    expect(control.height, `${control.name}`).toBeGreaterThanOrEqual(24);
  }
  const close = (await page.getByRole('button', { name: 'Cancel reply' }).boundingBox())!;
  const banner = page.getByRole('paragraph').filter({ hasText: 'Replying to Bob' });
  const words = (await banner.locator('..').boundingBox())!;
  expect(close.height).toBeLessThanOrEqual(words.height);
  letGo();

  // The draft waits in the box over a reload, its reply's banner too; the history lands at its
  // end above the bar.
  const draftKept = () =>
    page.evaluate(() =>
      Object.keys(localStorage).some(
        (key) => key.startsWith('drafts:') && localStorage.getItem(key)!.includes('Line 6'),
      ),
    );
  await expect.poll(draftKept).toBe(true);
  await page.reload();
  await expect(box).toHaveValue(/Line 6/);
  await expect(banner).toBeVisible();
  await expect(banner.locator('..')).toContainText('Message 10');
  await expect(log.getByText('Message 11')).toBeVisible();
  await expect.poll(() => newestUnderBar(page)).toBeLessThanOrEqual(0);
  bobInRoom.socket.close();
});
