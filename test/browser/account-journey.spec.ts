/**
 * The accounts journey in Debian's Chromium: register, log in, change the email through the
 * link mailed to the new address, log out, reset the password through the mailed link, log in
 * with it, delete the account, fail to log in.
 */
import { expect, test } from '../support/test';
import { uniqueIp } from '../support/api-client';
import { waitForResetLink, waitForVerifyLink } from '../support/mail-log';

test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': uniqueIp() } });

test('an account from sign-up to deletion', async ({ page }) => {
  const stamp = Date.now();
  const email = `journey-${stamp}@example.com`;
  const newEmail = `moved-${stamp}@example.com`;

  await page.goto('/');
  await expect(page.getByText(/best way to chat with friends/i)).toBeVisible();
  await page.getByRole('link', { name: 'Register' }).first().click();

  // Live validation: the nickname error shows on blur, with the spec's text.
  await page.getByRole('textbox', { name: 'Nickname', exact: true }).fill('ab');
  await page.getByRole('textbox', { name: 'Nickname', exact: true }).blur();
  await expect(page.getByText('Nickname must be at least 3 characters long.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('first-pass');
  await page.getByRole('textbox', { name: 'Nickname', exact: true }).fill('Journeyer');
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('first-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText("You haven't created or joined any rooms yet.")).toBeVisible();

  await page.goto('/settings');
  await page.getByRole('textbox', { name: 'Current Password', exact: true }).fill('first-pass');
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await page.getByRole('textbox', { name: 'New Email', exact: true }).fill(newEmail);
  await page.getByRole('button', { name: 'Update Email' }).click();
  await expect(page.getByText(/We sent a link to the new address/)).toBeVisible();
  await page.goto(new URL(await waitForVerifyLink(newEmail)).pathname);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();

  await page.getByRole('button', { name: /My Account|Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();

  await page.goto('/forgot-password');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(newEmail);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText('If an account exists for that email, a password reset link has been sent.'),
  ).toBeVisible();

  const link = await waitForResetLink(newEmail);
  await page.goto(new URL(link).pathname);
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('second-pass');
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('second-pass');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(/password has been reset/i)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(newEmail);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('second-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText("You haven't created or joined any rooms yet.")).toBeVisible();

  await page.goto('/settings');
  await page.getByRole('textbox', { name: 'Current Password', exact: true }).fill('second-pass');
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expect(
    page.getByText('This action cannot be undone. All your data will be permanently deleted.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Deletion' })
    .getByRole('textbox', { name: 'Password', exact: true })
    .fill('second-pass');
  await page
    .getByRole('dialog', { name: 'Confirm Deletion' })
    .getByRole('button', { name: 'Delete Account' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account has been deleted successfully')).toBeVisible();

  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(newEmail);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('second-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});
