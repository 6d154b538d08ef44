/** Dark mode: it follows the system, the top bar's switch overrides it, and the choice stays. */
import { expect, test, type Browser, type Page } from '../support/test';
import { uniqueIp } from '../support/api-client';
import { holdAppScript } from '../support/app-script';
import { signUpAndLogIn } from '../support/browser-users';

async function newPersonPreferring(browser: Browser, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({
    colorScheme,
    extraHTTPHeaders: { 'CF-Connecting-IP': uniqueIp() },
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

test('the page follows the system scheme before any script of the app runs', async ({
  browser,
}) => {
  for (const preferred of ['light', 'dark'] as const) {
    const page = await newPersonPreferring(browser, preferred);
    // The inline script sets the scheme while the document is parsed: no flash of light.
    await page.goto('/', { waitUntil: 'commit' });
    await page.waitForFunction(() => document.body !== null);
    expect(await scheme(page)).toBe(preferred);
    await expect(page.getByText(/best way to chat/i)).toBeVisible();
    expect(await scheme(page)).toBe(preferred);
    await page.context().close();
  }
});

test('the prerendered landing page is dark before the app runs, and after', async ({ browser }) => {
  const page = await newPersonPreferring(browser, 'dark');
  const release = await holdAppScript(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root')).toHaveAttribute('data-shell', '/');
  await expect(page.getByRole('heading', { name: /best way to chat/i })).toBeVisible();
  expect(await scheme(page)).toBe('dark');
  // Mantine's dark body (#242424), from the styles inlined into the page.
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(36, 36, 36)');
  release();
  await expect(page.locator('#root')).not.toHaveAttribute('data-shell', /.*/);
  await expect(page.getByRole('heading', { name: /best way to chat/i })).toBeVisible();
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(36, 36, 36)');
  expect(await scheme(page)).toBe('dark');
});

test("a visitor's switch in the top bar is remembered across a reload", async ({ browser }) => {
  const page = await newPersonPreferring(browser, 'light');
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(36, 36, 36)');
  await expect(header.getByRole('button', { name: 'Light mode' })).toBeVisible();

  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => document.body !== null);
  expect(await scheme(page)).toBe('dark');
  await expect(header.getByRole('button', { name: 'Light mode' })).toBeVisible();
});

test("the account menu's item switches the scheme, and the choice survives a reload", async ({
  browser,
}) => {
  const page = await newPersonPreferring(browser, 'dark');
  await signUpAndLogIn(page, `dark-${Date.now()}@example.com`, 'Owl');
  await page.goto('/settings');
  const openMenu = () =>
    page
      .getByRole('banner')
      .getByRole('button', { name: /My Account|Owl/ })
      .click();

  await openMenu();
  await page.getByRole('menuitem', { name: 'Light mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');

  // The system still asks for dark; the stored choice wins.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await openMenu();
  await page.getByRole('menuitem', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});
