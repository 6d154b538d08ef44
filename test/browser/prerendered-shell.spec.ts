/**
 * The first screens are prerendered into the pages (scripts/prerender-shell.ts): a visitor sees
 * them before the app's script has run, the app then replaces them with the same screen (no
 * 'Loading...' in between, one heading, not two), and what the visitor typed meanwhile is kept.
 * Anyone who may be signed in, or who opens another address, never sees them.
 */
import { expect, test, type Page } from '../support/test';
import { newSignedInClient } from '../support/api-client';
import { holdAppScript } from '../support/app-script';
import { field, newPerson } from '../support/browser-users';

const TAGLINE = 'The best way to chat with friends';

/** The app has taken over: the shell's marks are gone from the page. */
async function appTookOver(page: Page) {
  await expect(page.locator('#root')).not.toHaveAttribute('data-shell', /.*/);
  await expect(page.locator('header[data-shell]')).toHaveCount(0);
}

test('the landing page shows before the app runs and stays, with one heading, after', async ({
  browser,
}) => {
  const page = await newPerson(browser);
  const release = await holdAppScript(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root')).toHaveAttribute('data-shell', '/');
  await expect(page.getByRole('heading', { name: TAGLINE })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Chat Rooms' })).toBeVisible();

  // From here on, any moment without the tagline (a 'Loading...' screen in between) is recorded.
  await page.evaluate(() => {
    const root = document.getElementById('root')!;
    const gaps: string[] = [];
    (window as unknown as { shellGaps: string[] }).shellGaps = gaps;
    new MutationObserver(() => {
      if (!root.querySelector('h1')) gaps.push(root.innerText.slice(0, 80));
    }).observe(root, { childList: true, subtree: true });
  });
  release();
  await appTookOver(page);
  // The app's own top bar: its guest links only exist once the app knows there is no session.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('heading', { name: TAGLINE })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByText('Loading...')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { shellGaps: string[] }).shellGaps),
  ).toEqual([]);
});

test('what a visitor types into the prerendered login form before the app runs signs them in', async ({
  browser,
}) => {
  const { account } = await newSignedInClient('Early');
  const page = await newPerson(browser);
  const release = await holdAppScript(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root')).toHaveAttribute('data-shell', '/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();

  await field(page, 'Email').fill(account.email);
  await field(page, 'Password').fill(account.password);
  // Sent before the app runs: held back by the page, then sent by the app with what was typed.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  release();

  await expect(page).not.toHaveURL(/\/login/);
  // Signed in: their rooms, and the account menu in the top bar.
  await expect(page.getByRole('heading', { name: 'Your Rooms' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'My Account' })).toBeVisible();
});

test('the prerendered register form is replaced by the working one, keeping the typing and focus', async ({
  browser,
}) => {
  const page = await newPerson(browser);
  const release = await holdAppScript(page);
  await page.goto('/register', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root')).toHaveAttribute('data-shell', '/register');
  await field(page, 'Email').fill('early-bird@example.com');
  await field(page, 'Nickname').click();
  release();

  await appTookOver(page);
  await expect(field(page, 'Email')).toHaveValue('early-bird@example.com');
  await expect(field(page, 'Nickname')).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  // The app's own form: its validation answers.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
});

test('a field left in the prerendered form is validated once the app takes over', async ({
  browser,
}) => {
  const page = await newPerson(browser);
  const release = await holdAppScript(page);
  await page.goto('/register', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root')).toHaveAttribute('data-shell', '/register');
  await field(page, 'Nickname').fill('ab');
  await field(page, 'Nickname').blur();
  release();

  await appTookOver(page);
  await expect(field(page, 'Nickname')).toHaveValue('ab');
  // The app's validation on blur speaks for the blur that happened before it ran.
  await expect(page.getByText('Nickname must be at least 3 characters long.')).toBeVisible();
  // A field nobody visited stays quiet.
  await expect(field(page, 'Nickname')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Email')).not.toHaveAttribute('aria-invalid', 'true');
});

test('a browser that may be signed in, or any other address, never shows the landing shell', async ({
  browser,
}) => {
  const page = await newPerson(browser);
  const release = await holdAppScript(page);
  // Another address gets the same page from the server (the single-page fallback).
  await page.goto('/settings', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root > *')).toHaveCount(0);
  await expect(page.getByText(TAGLINE)).toHaveCount(0);

  // The server's readable mark of a session (set beside the session cookie).
  await page.context().addCookies([{ name: 'has_session', value: '1', url: page.url() }]);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root')).not.toHaveAttribute('data-shell', /.*/);
  await expect(page.locator('#root > *')).toHaveCount(0);
  await expect(page.getByText(TAGLINE)).toHaveCount(0);
  release();
});
