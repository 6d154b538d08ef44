/**
 * The components' styles loaded beside the app (client/styles-rest.ts) hold what the first
 * screens' subset, inlined in the page (client/main.tsx), leaves out, and none of the subset
 * again: repeating its `:root` variables made the browser restyle the whole page
 * (scripts/mantine-rest-styles.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from '../support/test';
import { newPerson } from '../support/browser-users';

/** The first rule's selector of one of Mantine's component stylesheets. */
function firstSelector(component: string) {
  const file = createRequire(import.meta.url).resolve(
    `@mantine/core/styles/${component}.layer.css`,
  );
  const text = readFileSync(file, 'utf8').replace(/\/\*[^]*?\*\//g, '');
  const selector = text.slice(text.indexOf('{') + 1, text.indexOf('{', text.indexOf('{') + 1));
  // As the build writes it: ':root,\n:host ' is ':root,:host'.
  return selector.trim().replace(/\s*,\s*/g, ',');
}

test('the rest of the styles add the other components, and repeat none of the first screens', async ({
  browser,
}) => {
  const page = await newPerson(browser);
  await page.goto('/');
  const rest = page.locator('link[rel="stylesheet"][href*="styles-rest"]');
  await expect(rest).toHaveCount(1);
  const response = await page.request.get((await rest.getAttribute('href'))!);
  expect(response.ok()).toBe(true);
  const restCss = await response.text();
  const pageCss = await page.locator('head style').allTextContents();

  // The variables block of the subset, and a component of it: in the page, not again.
  for (const component of ['default-css-variables', 'Button', 'Input']) {
    const selector = firstSelector(component);
    expect(pageCss.join('\n'), component).toContain(selector);
    expect(restCss, component).not.toContain(`${selector}{`);
  }
  // Components the first screens do not draw, in the order of Mantine's full stylesheet.
  const positions = ['ScrollArea', 'Popover', 'ModalBase', 'Menu', 'Modal', 'Tooltip'].map(
    (component) => restCss.indexOf(`${firstSelector(component)}{`),
  );
  expect(
    positions.every((at) => at >= 0),
    String(positions),
  ).toBe(true);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
});
