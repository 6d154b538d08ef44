/**
 * Arriving at the login form after registering, in Debian's Chromium: what the person types, or
 * what fills in at once as a password manager's autofill does, the moment the address is /login
 * is still there a second later, and signs them in. The register screen used to stay up under
 * /login while the login page loaded, and what went into its look-alike fields was wiped.
 */
import { field } from '../support/browser-users';
import { uniqueIp } from '../support/api-client';
import { expect, test } from '../support/test';

test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': uniqueIp() } });

test('what goes into the login form on arrival after registering stays and signs in', async ({
  page,
}) => {
  const email = `keeps-${Date.now()}@example.com`;
  await page.goto('/register');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill('secret-pass');
  await field(page, 'Nickname').fill('Keeper');
  await page.getByRole('button', { name: 'Register' }).click();

  // The moment the address changes: the email filled in one go, as an autofill does, and the
  // password typed key by key.
  await page.waitForURL(/\/login$/);
  await field(page, 'Email').fill(email);
  await field(page, 'Password').pressSequentially('secret-pass');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(field(page, 'Email')).toHaveValue(email);
  await expect(field(page, 'Password')).toHaveValue('secret-pass');

  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText("You haven't created or joined any rooms yet.")).toBeVisible();
});
