/** After one visit the app opens without a network, from the service worker's shell. */
import type { Route } from '@playwright/test';
import { expect, test } from '../support/test';
import { field, newPerson, signUpAndLogIn } from '../support/browser-users';

test('offline, a visitor reloads into the landing page and is told they are offline', async ({
  browser,
}) => {
  const page = await newPerson(browser);
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByText('You are offline')).toHaveCount(0);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: /best way to chat/i })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();

  // Back online: the notice goes away on its own.
  await page.context().setOffline(false);
  await expect(page.getByText('You are offline')).toHaveCount(0);
});

test('offline, a signed-in person still gets the app shell and the offline notice', async ({
  browser,
}) => {
  const page = await newPerson(browser);
  await signUpAndLogIn(page, `offline-${Date.now()}@example.com`, 'Traveller');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await page.context().setOffline(true);
  await page.goto('/settings');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Chat Rooms' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();

  // Back online, the session check runs again and the person is signed in as before.
  await page.context().setOffline(false);
  await expect(page.getByText('You are offline')).toHaveCount(0);
  await page.goto('/settings');
  await expect(page.getByRole('button', { name: 'Continue to Settings' })).toBeVisible();
});

test('offline, a visitor opening /login gets the login form, not the cached landing page', async ({
  browser,
}) => {
  const page = await newPerson(browser);
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // The worker answers every address with its one cached page, the prerendered landing page:
  // at /login that page drops its landing content and the app shows the login form.
  await page.context().setOffline(true);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /best way to chat/i })).toHaveCount(0);
  await page.context().setOffline(false);
});

test('the network dropping during a first visit’s start never leaves a blank page', async ({
  browser,
}) => {
  const page = await newPerson(browser);
  // The scripts the page names itself (the app and the login page's chunks) arrive; every other
  // chunk the start asks for (the toast host, the rest of the styles...) is held, then fails
  // as the network drops.
  const html = await (await page.request.get('/login')).text();
  const named = new Set(html.match(/\/assets\/[^"\s]+\.js/g));
  const held: Route[] = [];
  let offline = false;
  const chunks = /\/assets\/.+\.js$/;
  await page.route(chunks, async (route) => {
    if (named.has(new URL(route.request().url()).pathname)) return route.continue();
    if (offline) return route.abort('internetdisconnected');
    held.push(route);
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await page.context().setOffline(true);
  offline = true;
  for (const route of held) await route.abort('internetdisconnected');

  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();

  // Back online, the page goes on: the form signs in (here with a wrong password, answered).
  await page.context().setOffline(false);
  await page.unroute(chunks);
  await field(page, 'Email').fill('nobody@example.com');
  await field(page, 'Password').fill('wrong-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email or password' }),
  ).toBeVisible();
});
