/**
 * An address proved by its owner, in Debian's Chromium: sign up, sign in unverified, open the
 * link from the mail log (on a 375 px phone: opening it uses nothing, the person confirms),
 * then move to a new address, which happens only once the link mailed there is confirmed; the
 * old address is told.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { AppClient, uniqueIp } from '../support/api-client';
import { waitForVerifyLink } from '../support/mail-log';
import { SERVER_LOG } from '../support/paths';
import { seriousViolations } from './support/axe';

test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': uniqueIp() } });

test('sign up, verify the address, and change it through the new address', async ({ page }) => {
  const stamp = Date.now();
  const email = `verify-${stamp}@example.com`;
  const newEmail = `verified-move-${stamp}@example.com`;

  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('verify-pass');
  await page.getByRole('textbox', { name: 'Nickname', exact: true }).fill('Verifier');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Signing in does not wait for the link.
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('verify-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText("You haven't created or joined any rooms yet.")).toBeVisible();

  await page.goto('/settings');
  await page.getByRole('textbox', { name: 'Current Password', exact: true }).fill('verify-pass');
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await expect(page.getByText('Your email address is not verified')).toBeVisible();

  // Opening the link says what it does and uses nothing: a mail scanner that opens it (and runs
  // the page) proves nobody's address.
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(new URL(await waitForVerifyLink(email)).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Email' })).toBeVisible();
  await expect(page.getByText(`confirms that ${email} is the email address`)).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Confirm my email address' });
  await expect(confirm).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expect(confirm).toBeVisible();
  await confirm.click();
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  if (wide) await page.setViewportSize(wide);

  await page.goto('/settings');
  await page.getByRole('textbox', { name: 'Current Password', exact: true }).fill('verify-pass');
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Update Email' })).toBeVisible();
  await expect(page.getByText('Your email address is not verified')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'New Email', exact: true }).fill(newEmail);
  await page.getByRole('button', { name: 'Update Email' }).click();
  await expect(page.getByText(/We sent a link to the new address/)).toBeVisible();
  await expect(
    page.getByText(`Check your new address, ${newEmail}`, { exact: false }),
  ).toBeVisible();

  // Nothing changed yet: the old address still signs in, elsewhere.
  const signIn = (address: string) =>
    new AppClient().call('/auth/login', { body: { email: address, password: 'verify-pass' } });
  expect((await signIn(email)).status).toBe(200);

  await page.goto(new URL(await waitForVerifyLink(newEmail)).pathname);
  await expect(
    page.getByText(`changes the email address of an account to ${newEmail}`),
  ).toBeVisible();
  expect((await signIn(email)).status).toBe(200);
  // From the keyboard, as anyone may.
  await page.getByRole('button', { name: 'Confirm my email address' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();
  const toldOld = () =>
    readFileSync(SERVER_LOG, 'utf8')
      .split('\n')
      .some(
        (line) =>
          line.includes('[mail]') &&
          line.includes(`to=${email} `) &&
          line.includes(`was changed to ${newEmail}`),
      );
  await expect.poll(toldOld).toBe(true);

  // This browser's session was renewed with the change; the old address no longer signs in.
  await page.goto('/settings');
  await page.getByRole('textbox', { name: 'Current Password', exact: true }).fill('verify-pass');
  await page.getByRole('button', { name: 'Continue to Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Update Email' })).toBeVisible();
  expect((await signIn(email)).status).toBe(401);
  expect((await signIn(newEmail)).status).toBe(200);
});
