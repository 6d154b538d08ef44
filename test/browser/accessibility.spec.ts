/** axe on every screen of the spec: no serious or critical violation, in both colour schemes. */
import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { expect, test, type Browser, type Page } from '../support/test';
import { newSignedInClient, uniqueIp } from '../support/api-client';
import { holdAppScript } from '../support/app-script';
import { newPerson, signUpAndLogIn, logIn } from '../support/browser-users';
import { STATE_DIR } from '../support/paths';
import { joinedMember } from '../support/room-sockets';
import { createRoom } from '../support/browser-rooms';

async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${screen} has serious accessibility violations`).toEqual([]);
}

test('public screens', async ({ browser }) => {
  const page = await newPerson(browser);
  for (const [path, ready] of [
    ['/', /best way to chat/i],
    ['/login', 'Sign In'],
    ['/register', 'Register'],
    ['/forgot-password', 'Send Reset Link'],
    ['/reset-password/some-token', 'Reset Password'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    await expectAccessible(page, path);
  }
});

test('signed-in screens: join, chat with drawer and share menu, settings, account menu', async ({
  browser,
}) => {
  const page = await newPerson(browser);
  await signUpAndLogIn(page, `a11y-${Date.now()}@example.com`, 'Reader');
  await page.goto('/join');
  await expect(page.getByRole('button', { name: 'Join Room' })).toBeVisible();
  await expectAccessible(page, '/join');

  await page.getByRole('textbox', { name: 'Room Name', exact: true }).fill('Accessible room');
  await page.getByRole('button', { name: 'Join Room' }).click();
  await expect(page.getByText('No messages yet...')).toBeVisible();
  await expectAccessible(page, 'chat');
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('textbox', { name: 'Invite link' })).toBeVisible();
  await expectAccessible(page, 'chat with the share menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Rooms' }).click();
  await expect(page.getByText('Moderation')).toBeVisible();
  await expectAccessible(page, 'chat with the drawer');

  await page.goto('/settings');
  await expect(page.getByRole('button', { name: 'Continue to Settings' })).toBeVisible();
  await expectAccessible(page, '/settings');
  await openSettings(page);
  await expectAccessible(page, '/settings with an unverified address');

  // Clicked open, the pointer stays on the trigger: its name on the hover background.
  await page.getByRole('button', { name: /^(Reader|My Account)$/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expectAccessible(page, 'the account menu open');
});

/** Past the password check, to the settings of an account whose address is not yet proved. */
async function openSettings(page: Page) {
  await page.getByRole('textbox', { name: 'Current Password', exact: true }).fill('secret-pass');
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await expect(page.getByText('Your email address is not verified')).toBeVisible();
}

test('admin screens, both tabs', async ({ browser }) => {
  const page = await newPerson(browser);
  const email = `a11y-admin-${Date.now()}@example.com`;
  await signUpAndLogIn(page, email, 'Admin');
  execFileSync('npm', ['run', 'make-admin', '--', email], {
    env: { ...process.env, WRANGLER_PERSIST_DIR: STATE_DIR },
    stdio: 'pipe',
  });
  await page.goto('/login');
  await logIn(page, email);
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  await expect(page.getByText('Manage Users')).toBeVisible();
  await expectAccessible(page, 'admin dashboard');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByText('Recent Events')).toBeVisible();
  await expectAccessible(page, 'admin security');
});

/** A person whose system asks for dark pages; the app follows it (no choice stored). */
async function newDarkPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    colorScheme: 'dark',
    extraHTTPHeaders: { 'CF-Connecting-IP': uniqueIp() },
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

async function expectDark(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  // Mantine's dark body: #242424.
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(36, 36, 36)');
}

test('dark scheme: landing, login, room list, chat, help, settings and admin', async ({
  browser,
}) => {
  const page = await newDarkPerson(browser);
  await page.goto('/');
  await expect(page.getByText(/best way to chat/i)).toBeVisible();
  await expectDark(page);
  await expectAccessible(page, 'dark /');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expectAccessible(page, 'dark /login');

  const email = `a11y-dark-${Date.now()}@example.com`;
  await signUpAndLogIn(page, email, 'Night');
  await createRoom(page, 'Dark room');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Readable at night');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Readable at night')).toBeVisible();
  // Stored, not still on its way: axe scans the settled screen.
  await expect(page.locator('[data-pending]')).toHaveCount(0);
  await expectDark(page);
  await expectAccessible(page, 'dark chat');
  // Opened from the chat header, the whole dialog in view: axe passed over the support address
  // (told apart by its colour alone) while it was below the window's edge.
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByRole('link', { name: 'support@example.com' })).toBeInViewport();
  await expectAccessible(page, 'dark help dialog');
  await page.keyboard.press('Escape');
  if (wide) await page.setViewportSize(wide);
  await page.goto('/');
  await expect(page.getByText('Dark room')).toBeVisible();
  await expectAccessible(page, 'dark room list');
  await page.goto('/settings');
  await openSettings(page);
  await expectAccessible(page, 'dark /settings with an unverified address');

  execFileSync('npm', ['run', 'make-admin', '--', email], {
    env: { ...process.env, WRANGLER_PERSIST_DIR: STATE_DIR },
    stdio: 'pipe',
  });
  await page.goto('/login');
  await logIn(page, email);
  await expect(page.getByText('Admin Dashboard')).toBeVisible();
  await expect(page.getByText('Manage Users')).toBeVisible();
  await expectDark(page);
  await expectAccessible(page, 'dark admin dashboard');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByText('Recent Events')).toBeVisible();
  await expectAccessible(page, 'dark admin security');
});

test('the prerendered pages, before the app runs and after, in both schemes', async ({
  browser,
}) => {
  const pages = [
    ['/', /best way to chat/i],
    ['/login', 'Login'],
    ['/register', 'Register'],
  ] as const;
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({
      colorScheme,
      extraHTTPHeaders: { 'CF-Connecting-IP': uniqueIp() },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const release = await holdAppScript(page);
    for (const [path, heading] of pages) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      // Still the build's page: the app would have removed this mark.
      await expect(page.locator('#root')).toHaveAttribute('data-shell', path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      if (colorScheme === 'dark') await expectDark(page);
      await expectAccessible(page, `prerendered ${path} (${colorScheme})`);
    }
    release();
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toHaveAttribute('data-shell', /.*/);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectAccessible(page, `${path} (${colorScheme})`);
    }
    await context.close();
  }
});

/**
 * A room where the reader (its owner) has every message verb on screen: a reply quoting them
 * and mentioning them, reactions (one their own), an edited message, a deleted one, and their
 * newest message read by Alice ('Seen by 1'). Made over the sockets: the journeys in
 * message-verbs.spec.ts do each through the screen.
 */
async function roomWithEveryVerb() {
  const reader = await newSignedInClient('Reader');
  const { body: room } = await reader.client.call('/join', { body: { roomName: 'Verbs room' } });
  const alice = await newSignedInClient('Alice');
  await alice.client.call('/join', { body: { roomId: room.roomId } });
  const readers = await joinedMember(reader.client, room.roomId, 'Reader');
  const alices = await joinedMember(alice.client, room.roomId, 'Alice');
  const post = async (member: typeof alices, text: string, replyTo?: number) => {
    const ack = await member.socket.emitWithAck('sendMessage', {
      text,
      roomId: room.roomId,
      clientId: crypto.randomUUID(),
      ...(replyTo ? { replyTo } : {}),
    });
    expect(ack.id).toEqual(expect.any(Number));
    return ack.id as number;
  };
  const act = async (member: typeof alices, event: string, payload: object) =>
    expect(await member.socket.emitWithAck(event, { roomId: room.roomId, ...payload })).toEqual({});

  const lunch = await post(readers, 'Lunch at noon?');
  await post(alices, 'Yes, at noon! @Reader', lunch);
  await act(alices, 'react', { messageId: lunch, emoji: '👍' });
  await act(readers, 'react', { messageId: lunch, emoji: '🎉' });
  const typo = await post(alices, 'Meet at 6');
  await act(alices, 'editMessage', { messageId: typo, text: 'Meet at 7' });
  const gone = await post(alices, 'Wrong room, sorry');
  await act(alices, 'deleteMessage', { messageId: gone });
  const last = await post(readers, 'See you there');
  alices.socket.emit('read', { messageId: last });
  readers.socket.close();
  return { email: reader.account.email, roomId: room.roomId, close: () => alices.socket.close() };
}

/** The reader in the room, in a colour scheme, once every verb shows. */
async function openVerbsRoom(
  browser: Browser,
  colorScheme: 'light' | 'dark',
  email: string,
  roomId: string,
) {
  const context = await browser.newContext({
    colorScheme,
    extraHTTPHeaders: { 'CF-Connecting-IP': uniqueIp() },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await logIn(page, email);
  await expect(page.getByRole('heading', { name: 'Your Rooms' })).toBeVisible();
  await page.goto(`/chat/${roomId}`);
  await expect(
    page.getByRole('button', { name: /^Reply to Reader: Lunch at noon\?/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^👍 1/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.getByRole('button', { name: /^🎉 1/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('li[data-mentions-me]')).toContainText('Yes, at noon!');
  await expect(page.getByText('(edited)')).toBeVisible();
  await expect(page.getByText('Message deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Seen by 1' })).toBeVisible();
  if (colorScheme === 'dark') await expectDark(page);
  return page;
}

const actionsOnTheReply = (page: Page) =>
  page.getByRole('button', { name: 'Actions for Alice\'s message: "Yes, at noon! @Reader"' });

test('chat with every message verb on screen, Seen by open and the reaction picker, both schemes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const room = await roomWithEveryVerb();
  for (const colorScheme of ['light', 'dark'] as const) {
    const page = await openVerbsRoom(browser, colorScheme, room.email, room.roomId);
    await expectAccessible(page, `chat with the message verbs (${colorScheme})`);

    await page.getByRole('button', { name: 'Seen by 1' }).focus();
    await expect(page.getByRole('list', { name: 'Seen by' })).toBeVisible();
    await expectAccessible(page, `chat with Seen by open (${colorScheme})`);
    await page.keyboard.press('Escape');

    await actionsOnTheReply(page).click();
    await page.getByRole('menuitem', { name: 'React' }).click();
    await expect(page.getByRole('dialog', { name: "React to Alice's message" })).toBeVisible();
    await expectAccessible(page, `chat with the reaction picker (${colorScheme})`);
    await page.context().close();
  }
  room.close();
});

// The menu's items alone inside role=menu (no focus placeholder), and Delete's red at 4.5:1.
test('chat with a message’s actions menu open, both schemes', async ({ browser }) => {
  const room = await roomWithEveryVerb();
  for (const colorScheme of ['light', 'dark'] as const) {
    const page = await openVerbsRoom(browser, colorScheme, room.email, room.roomId);
    await actionsOnTheReply(page).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
    await expectAccessible(page, `chat with a message's actions menu (${colorScheme})`);
    await page.context().close();
  }
  room.close();
});

// WCAG 2.4.11: Tab and Shift+Tab through a long room's messages never leave the focus under
// the sticky header or the message bar (the browser only scrolls what is outside the window).
test('the focus is never hidden under the chat header or the message bar', async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await newSignedInClient('Owner');
  const { body: room } = await owner.client.call('/join', { body: { roomName: 'Long room' } });
  const member = await joinedMember(owner.client, room.roomId, 'Owner');
  for (let index = 1; index <= 30; index++) {
    // Within the room's 5 a second (bursts of 10).
    if (index > 10) await new Promise((resolve) => setTimeout(resolve, 220));
    const ack = await member.socket.emitWithAck('sendMessage', {
      text: `Line ${index}`,
      roomId: room.roomId,
      clientId: crypto.randomUUID(),
    });
    expect(ack.id).toEqual(expect.any(Number));
  }
  member.socket.close();
  const context = await browser.newContext({
    viewport: { width: 1280, height: 720 },
    extraHTTPHeaders: { 'CF-Connecting-IP': uniqueIp() },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await logIn(page, owner.account.email);
  await expect(page.getByRole('heading', { name: 'Your Rooms' })).toBeVisible();
  await page.goto(`/chat/${room.roomId}`);
  await expect(page.getByText('Line 30')).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.focus();
  /** Whether the focused control is what the window shows at its centre, or null in a bar. */
  const focusShows = () =>
    page.evaluate(() => {
      const focused = document.activeElement as HTMLElement | null;
      if (!focused || focused.closest('[data-chat-header], [data-message-bar]')) return null;
      const rect = focused.getBoundingClientRect();
      const seen = document.elementFromPoint(
        rect.left + rect.width / 2,
        rect.top + rect.height / 2,
      );
      return seen !== null && (focused === seen || focused.contains(seen));
    });
  let checked = 0;
  for (const key of ['Shift+Tab', 'Tab']) {
    for (let step = 0; step < 25; step++) {
      await page.keyboard.press(key);
      const shows = await focusShows();
      if (shows === null) continue;
      checked++;
      expect(shows, `${key} ×${step + 1}`).toBe(true);
    }
  }
  expect(checked).toBeGreaterThan(20);
  await context.close();
});
