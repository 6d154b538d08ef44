/** axe on every screen of the spec: no serious or critical violation, in both colour schemes. */
import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { expect, test, type Browser, type Page } from '../support/test';
import { uniqueIp } from '../support/api-client';
import { holdAppScript } from '../support/app-script';
import { newPerson, signUpAndLogIn, logIn } from '../support/browser-users';
import { STATE_DIR } from '../support/paths';

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

test('signed-in screens: join, chat with drawer and share menu, settings', async ({ browser }) => {
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
});

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

test('dark scheme: landing, login, room list, chat and admin', async ({ browser }) => {
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
  await page.goto('/join');
  await page.getByRole('textbox', { name: 'Room Name', exact: true }).fill('Dark room');
  await page.getByRole('button', { name: 'Join Room' }).click();
  await expect(page.getByText('No messages yet...')).toBeVisible();
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Readable at night');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Readable at night')).toBeVisible();
  // Stored, not still on its way: axe scans the settled screen.
  await expect(page.locator('[data-pending]')).toHaveCount(0);
  await expectDark(page);
  await expectAccessible(page, 'dark chat');
  await page.goto('/');
  await expect(page.getByText('Dark room')).toBeVisible();
  await expectAccessible(page, 'dark room list');

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
