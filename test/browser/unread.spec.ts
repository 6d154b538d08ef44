/**
 * Unread counts, two people: Alice writes while Bob is on his room list; the room's card gets
 * a badge with the count and the tab's title the total; Bob opens the room, where a 'New
 * messages' line stands above the first of them, and, back on the list, the badge is gone.
 * More than 99 show as '99+', and rooms with unread messages come first even when another room
 * was active more recently.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test';
import { newSignedInClient } from '../support/api-client';
import { logIn, newPerson } from '../support/browser-users';
import { joinedMember } from '../support/room-sockets';
import { installSkippableClock, skipWaitsUntil } from '../support/skip-waits';

/** The room cards: links holding the room's name as a heading. */
const cards = (page: Page) => page.getByRole('link').filter({ has: page.getByRole('heading') });
const card = (page: Page, name: string) => cards(page).filter({ hasText: name });
const badge = (page: Page, name: string) => card(page, name).getByTestId('unread-badge');
async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
}

test('a badge counts what others wrote while away, clears once read, says 99+, leads the list', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'Unread Room' } });
  const bob = await newSignedInClient('Bob');
  expect((await bob.client.call('/join', { body: { roomId: room.roomId } })).status).toBe(200);
  const { body: quiet } = await bob.client.call('/join', { body: { roomName: 'Quiet Room' } });

  const page = await newPerson(browser);
  // The list's 5 s polls are skipped, not waited out; the room's own flushes run in real time.
  await installSkippableClock(page);
  await logIn(page, bob.account.email);
  await expect(card(page, 'Unread Room')).toBeVisible();
  await expect(badge(page, 'Unread Room')).toHaveCount(0);
  await expect(page).toHaveTitle('Chat Rooms');

  const alices = await joinedMember(alice.client, room.roomId, 'Alice');
  await alices.say(['one', 'two', 'three']);
  await skipWaitsUntil(page, badge(page, 'Unread Room').filter({ hasText: /^3$/ }));
  await expect(badge(page, 'Quiet Room')).toHaveCount(0);
  await expect(page).toHaveTitle('(3) Chat Rooms');
  await expectNoSeriousViolations(page);

  // Bob reads the room: the newest message is on his screen, the title has nothing unread.
  await card(page, 'Unread Room').click();
  await expect(page.getByText('three')).toBeVisible();
  await expect(page).toHaveTitle('Unread Room · Chat Rooms');
  // A line above the first of the three, readable in both schemes.
  const line = page.getByRole('separator', { name: 'New messages' });
  await expect(line).toBeVisible();
  await expect(line.locator('xpath=following-sibling::ul[1]/li[1]')).toContainText('one');
  await expectNoSeriousViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoSeriousViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
  // Back reloads the list (the spec's Back): the badge is gone at once, and stays gone.
  await page.goBack();
  await expect(card(page, 'Unread Room')).toBeVisible();
  await expect(badge(page, 'Unread Room')).toHaveCount(0);
  await expect(page).toHaveTitle('Chat Rooms');
  const polled = page.waitForResponse((response) => response.url().endsWith('/api/rooms'));
  await page.clock.fastForward(6_000);
  await polled;
  await expect(badge(page, 'Unread Room')).toHaveCount(0);

  // Over a hundred from three people; then Bob writes in his other room, the most recent.
  const others = await Promise.all(['Carol', 'Dave'].map((name) => newSignedInClient(name)));
  for (const other of others) await other.client.call('/join', { body: { roomId: room.roomId } });
  const writers = [
    alices,
    ...(await Promise.all(
      others.map((other) => joinedMember(other.client, room.roomId, other.account.nickname)),
    )),
  ];
  await Promise.all(
    writers.map((w, i) => w.say(Array.from({ length: 34 }, (_, n) => `w${i}-${n}`))),
  );
  const bobs = await joinedMember(bob.client, quiet.roomId, 'Bob');
  await bobs.say(['talking to myself']);
  await skipWaitsUntil(page, badge(page, 'Unread Room').filter({ hasText: /^99\+$/ }));
  await expect(page).toHaveTitle('(99+) Chat Rooms');
  await expect(cards(page).first()).toContainText('Unread Room');
  await skipWaitsUntil(page, card(page, 'Quiet Room').filter({ hasText: 'talking to myself' }));
  await expect(cards(page).first()).toContainText('Unread Room');
  [...writers, bobs].forEach((w) => w.socket.close());
});

test('a reader scrolled back is told of new messages and taken down to them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'Long Read' } });
  const bob = await newSignedInClient('Bob');
  expect((await bob.client.call('/join', { body: { roomId: room.roomId } })).status).toBe(200);
  const alices = await joinedMember(alice.client, room.roomId, 'Alice');
  await alices.say(Array.from({ length: 30 }, (_, i) => `earlier ${i + 1}`));

  const page = await newPerson(browser);
  await logIn(page, bob.account.email);
  await card(page, 'Long Read').click();
  await expect(page.getByText('earlier 30', { exact: true })).toBeInViewport();
  const down = page.getByRole('button', { name: /new message/ });
  await expect(down).toHaveCount(0);

  // Back up to the beginning, as a reader does, and stay there.
  await page.mouse.move(640, 300);
  await page.mouse.wheel(0, -20_000);
  await expect(page.getByText('This is the beginning of Long Read')).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Scroll to top' })).toBeHidden();
  await alices.say(['news one', 'news two']);
  // The reader stays where they were reading, and the bar says what came.
  await expect(page.getByRole('button', { name: '2 new messages' })).toBeVisible();
  await expect(page.getByText('news two', { exact: true })).not.toBeInViewport();
  await page.getByRole('button', { name: '2 new messages' }).click();
  await expect(page.getByText('news two', { exact: true })).toBeInViewport();
  await expect(down).toHaveCount(0);
  await expect(page).toHaveTitle('Long Read · Chat Rooms');
  alices.socket.disconnect();
});

test('a reader at the end never sees the new-messages button, even for a long message', async ({
  browser,
}) => {
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'At The End' } });
  const bob = await newSignedInClient('Bob');
  expect((await bob.client.call('/join', { body: { roomId: room.roomId } })).status).toBe(200);
  const alices = await joinedMember(alice.client, room.roomId, 'Alice');
  await alices.say(Array.from({ length: 20 }, (_, i) => `before ${i + 1}`));

  const page = await newPerson(browser);
  await page.setViewportSize({ width: 900, height: 600 });
  await logIn(page, bob.account.email);
  await card(page, 'At The End').click();
  await expect(page.getByText('before 20', { exact: true })).toBeInViewport();
  // Anything that ever shows the button, however briefly, is caught.
  await page.evaluate(() => {
    (window as unknown as { buttonSeen: boolean }).buttonSeen = false;
    new MutationObserver(() => {
      if (document.body.innerText.match(/\d+ new messages?/)) {
        (window as unknown as { buttonSeen: boolean }).buttonSeen = true;
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const long = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n');
  await alices.say([`${long}\nthe end`, 'after the long one']);
  await expect(page.getByText('after the long one', { exact: true })).toBeInViewport();
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => (window as unknown as { buttonSeen: boolean }).buttonSeen)).toBe(
    false,
  );

  // For a reader who asks for less motion the list follows at once, and as surely.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await alices.say([`${long}\nthe end again`, 'after the second long one']);
  await expect(page.getByText('after the second long one', { exact: true })).toBeInViewport();
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => (window as unknown as { buttonSeen: boolean }).buttonSeen)).toBe(
    false,
  );
  alices.socket.disconnect();
});

/**
 * More unread than one history page (HISTORY_PAGE, 50): the list opens on the newest 50 with
 * the line at their top, and 'Jump to first unread' loads older pages (up to 100 each) until
 * the real first unread is listed, then lands on it, focused. 148 unread put it two messages
 * below the top of the 150 then listed, with 3 read ones older still: the scroll back's
 * sentinel comes into reach as the view nears the line, and a page comes in while the jump
 * scrolls. The landing holds (with motion and without), and the offer does not come back.
 */
test('the jump to the first unread loads older pages and lands on the real first unread', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'Far Behind' } });
  const others = await Promise.all(
    ['Bob', 'Carol', 'Dave', 'Erin'].map((name) => newSignedInClient(name)),
  );
  for (const other of others) {
    expect((await other.client.call('/join', { body: { roomId: room.roomId } })).status).toBe(200);
  }
  const [bob, carol, dave, erin] = others;
  const alices = await joinedMember(alice.client, room.roomId, 'Alice');
  await alices.say(Array.from({ length: 5 }, (_, i) => `read ${i + 1}`));

  // Bob scrolls smoothly, Carol asks for less motion; both read the room, then go away.
  const readers = [bob!, carol!];
  const pages = await Promise.all(readers.map(() => newPerson(browser)));
  await pages[0]!.emulateMedia({ reducedMotion: 'no-preference' });
  for (const [i, page] of pages.entries()) {
    await logIn(page, readers[i]!.account.email);
    await card(page, 'Far Behind').click();
    await expect(page.getByText('read 5', { exact: true })).toBeInViewport();
    await page.goBack();
    await expect(card(page, 'Far Behind')).toBeVisible();
  }
  // 1 + 3 x 49 = 148 unread, three people at once (each within their own sending rate).
  await alices.say(['unread 1']);
  const writers = [
    alices,
    ...(await Promise.all(
      [dave!, erin!].map((w) => joinedMember(w.client, room.roomId, w.account.nickname)),
    )),
  ];
  await Promise.all(
    writers.map((w, i) => w.say(Array.from({ length: 49 }, (_, n) => `w${i}-${n}`))),
  );

  for (const page of pages) {
    await card(page, 'Far Behind').click();
    await expect(page.locator('li[data-message-id]')).toHaveCount(50);
    const line = page.getByRole('separator', { name: 'New messages' });
    const below = line.locator('xpath=following-sibling::ul[1]/li[1]');
    await expect(below).toBeAttached();
    await expect(page.getByText('unread 1', { exact: true })).toHaveCount(0);
    const jump = page.getByRole('button', { name: 'Jump to first unread' });
    await jump.click();
    const first = page
      .locator('li[data-message-id]')
      .filter({ has: page.getByText('unread 1', { exact: true }) });
    await expect(first).toBeFocused();
    await expect(below).toContainText('unread 1');
    // The sentinel's page (the 3 read ones left) came in as the view neared the line.
    await expect(page.getByText('read 1', { exact: true })).toBeAttached();
    // Landed and still: in view below the sticky header, after the page the landing brought.
    await page.waitForTimeout(2000);
    await expect(first).toBeInViewport();
    const box = await first.boundingBox();
    // Near the top: under the header, the pins' bar and the line, in the window's upper half.
    expect(box!.y).toBeGreaterThan(64);
    expect(box!.y).toBeLessThan(page.viewportSize()!.height / 2);
    await expect(first).toBeFocused();
    await expect(below).toContainText('unread 1');
    await expect(jump).toHaveCount(0);
  }
  writers.forEach((w) => w.socket.disconnect());
});
