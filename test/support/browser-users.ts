/** Browser-side helpers: people in their own contexts (own cookies, own address). */
import { expect, type Browser, type Page } from '@playwright/test';
import { uniqueIp } from './api-client';

export async function newPerson(browser: Browser, baseURL?: string): Promise<Page> {
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    extraHTTPHeaders: { 'CF-Connecting-IP': uniqueIp() },
    // No transitions: a check (axe's contrast above all) never sees a drawer half faded in.
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

export function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

export async function register(
  page: Page,
  email: string,
  nickname: string,
  password = 'secret-pass',
) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await field(page, 'Nickname').fill(nickname);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/login/);
}

export async function logIn(page: Page, email: string, password = 'secret-pass') {
  if (!/\/login/.test(page.url())) await page.goto('/login');
  // The route is lazily loaded: the previous screen can stay up for a moment after the URL changes.
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signUpAndLogIn(page: Page, email: string, nickname: string) {
  await page.goto('/register');
  await register(page, email, nickname);
  await logIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
}
