/**
 * Navigation that behaves, and the small things: joins replace their history entry (Back from
 * the chat leaves the room flow); /join signed out goes to /login?redirect=join; a deleted room
 * brings its people to /join with a notice; the drawer says 'No members to kick' when nobody
 * listed can be; on a phone the scroll-to-top button covers no message; others' bubbles stand
 * apart from the page in both colour schemes.
 */
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '../support/test';
import { newSignedInClient } from '../support/api-client';
import { field, logIn, newPerson, signUpAndLogIn } from '../support/browser-users';
import { STATE_DIR } from '../support/paths';
import { joinByInvite } from '../support/browser-rooms';

test('/join signed out goes to the login, with redirect=join', async ({ page }) => {
  await page.goto('/join');
  await expect(page).toHaveURL(/\/login\?redirect=join$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
});

test('Back from the chat leaves the room flow, after /join and after an invite', async ({
  browser,
}) => {
  const stamp = Date.now();
  const alice = await newPerson(browser);
  await signUpAndLogIn(alice, `nav-alice-${stamp}@example.com`, 'Alice');
  await expect(alice).toHaveURL(/\/$/);
  await alice.getByRole('link', { name: 'Create Room' }).click();
  await field(alice, 'Room Name').fill('Backwards');
  await alice.getByRole('button', { name: 'Join Room' }).click();
  await expect(alice).toHaveURL(/\/chat\//);
  await expect(alice.getByText('No messages yet...')).toBeVisible();
  const roomId = alice.url().split('/chat/')[1]!;
  // Only Alice (the owner) is here: nobody to kick.
  await alice.getByRole('button', { name: 'Rooms' }).click();
  await expect(alice.getByText('No members to kick')).toBeVisible();
  await alice.keyboard.press('Escape');

  await alice.goBack();
  await expect(alice).toHaveURL(/\/$/);
  await expect(alice.getByText('Backwards')).toBeVisible();

  const bob = await newPerson(browser);
  await signUpAndLogIn(bob, `nav-bob-${stamp}@example.com`, 'Bob');
  await expect(bob).toHaveURL(/\/$/);
  await joinByInvite(bob, roomId);
  await expect(bob.getByText('No messages yet...')).toBeVisible();
  await bob.goBack();
  await expect(bob).toHaveURL(/\/$/);
  await expect(bob.getByText('Backwards')).toBeVisible();
});

test('a deleted room sends the people in it to /join, saying it was deleted', async ({
  browser,
}) => {
  const owner = await newSignedInClient('Owner');
  const { body: room } = await owner.client.call('/join', { body: { roomName: 'Doomed' } });
  const admin = await newSignedInClient('Boss');
  execFileSync('npm', ['run', 'make-admin', '--', admin.account.email], {
    env: { ...process.env, WRANGLER_PERSIST_DIR: STATE_DIR },
    stdio: 'pipe',
  });
  const page = await newPerson(browser);
  await logIn(page, owner.account.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/chat/${room.roomId}`);
  await expect(page.getByText('No messages yet...')).toBeVisible();
  await expect(page.getByLabel('Connected', { exact: true })).toBeVisible();

  const deleted = await admin.client.call(`/admin/rooms/${room.roomId}`, { method: 'DELETE' });
  expect(deleted.status).toBe(200);
  await expect(page).toHaveURL(/\/join$/);
  await expect(page.getByText('This room was deleted.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

/** The red, green and blue of a CSS colour. */
const rgb = (color: string) => (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);

async function bubbleAgainstPage(page: Page) {
  return page.evaluate(() => {
    const bubble = document.querySelector('li[data-message-id]:not([data-own]) [data-bubble]')!;
    const style = getComputedStyle(bubble);
    return {
      bubble: style.backgroundColor,
      border: style.borderTopColor,
      borderWidth: style.borderTopWidth,
      page: getComputedStyle(document.body).backgroundColor,
    };
  });
}

test("on a phone: the scroll-to-top button covers no message; others' bubbles stand apart", async ({
  browser,
}) => {
  const alice = await newSignedInClient('Alice');
  const { body: room } = await alice.client.call('/join', { body: { roomName: 'Phone' } });
  const bob = await newSignedInClient('Bob');
  await bob.client.call('/join', { body: { roomId: room.roomId } });
  const page = await newPerson(browser);
  await page.setViewportSize({ width: 375, height: 667 });
  await logIn(page, alice.account.email);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/chat/${room.roomId}`);
  await expect(page.getByText('No messages yet...')).toBeVisible();
  // Bob's long messages fill the right side, where a floating button would sit.
  const other = await newPerson(browser);
  await logIn(other, bob.account.email);
  await expect(other).not.toHaveURL(/\/login/);
  await other.goto(`/chat/${room.roomId}`);
  const box = other.getByRole('textbox', { name: 'Message' });
  for (let i = 1; i <= 24; i++) {
    await box.fill(`message ${i} from Bob, long enough to fill most of the bubble's width`);
    await box.press('Enter');
    if (i % 8 === 0) await other.waitForTimeout(1600);
  }
  await expect(page.getByText(/message 24 from Bob/)).toBeVisible();

  for (const y of [600, 1200, 1800]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    const button = page.getByRole('button', { name: 'Scroll to top' });
    await expect(button).toBeVisible();
    const covered = await button.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const points = [
        [box.left + 6, box.top + 6],
        [box.right - 6, box.bottom - 6],
        [box.left + box.width / 2, box.top + box.height / 2],
      ];
      // What is at the button's corners is the button; no message lies under it in view.
      const onTop = points.every(([x, y]) => element.contains(document.elementFromPoint(x!, y!)));
      const bar = element.closest('form')!.parentElement!.parentElement!.getBoundingClientRect();
      const messages = [...document.querySelectorAll('li[data-message-id]')].filter((item) => {
        const r = item.getBoundingClientRect();
        // The part of the message in view: above the bar, below the top of the window.
        const [top, bottom] = [Math.max(r.top, 0), Math.min(r.bottom, bar.top)];
        return top < bottom && bottom > box.top && top < box.bottom;
      });
      return { onTop, underInView: messages.length };
    });
    expect(covered, `scrolled to ${y}`).toEqual({ onTop: true, underInView: 0 });
  }
  await page.getByRole('button', { name: 'Scroll to top' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
    await page.reload();
    await expect(page.getByText(/message 24 from Bob/)).toBeVisible();
    const colours = await bubbleAgainstPage(page);
    const [b, p, e] = [rgb(colours.bubble), rgb(colours.page), rgb(colours.border)];
    const apart = (x: number[], y: number[]) =>
      x.reduce((sum, v, i) => sum + Math.abs(v - y[i]!), 0);
    // The fill differs from the page, and a visible border differs more.
    expect(apart(b, p), `${scheme}: ${JSON.stringify(colours)}`).toBeGreaterThanOrEqual(12);
    expect(colours.borderWidth).toBe('1px');
    expect(apart(e, p), `${scheme}: ${JSON.stringify(colours)}`).toBeGreaterThanOrEqual(30);
  }
});
