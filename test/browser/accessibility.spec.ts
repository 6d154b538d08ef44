/** axe on every screen of the spec: no serious or critical violation. */
import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
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
