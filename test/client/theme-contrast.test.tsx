import { darken, DEFAULT_THEME, luminance } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../client/app/provider';
import { HelpDialog } from '../../client/components/help-dialog';
import { SUPPORT_EMAIL } from '../../client/config/constants';

function contrast(a: string, b: string) {
  const [first, second] = [luminance(a), luminance(b)];
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

/** The variables the app's provider puts on the page for one scheme, by name. */
function schemeVariables(scheme: 'light' | 'dark'): Map<string, string> {
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('');
  const block = css.match(
    new RegExp(`\\[data-mantine-color-scheme="${scheme}"\\][^{]*\\{([^}]*)\\}`),
  );
  return new Map(
    [...(block?.[1] ?? '').matchAll(/(--[\w-]+):\s*([^;]+)/g)].map(([, name, value]) => [
      name ?? '',
      (value ?? '').trim(),
    ]),
  );
}

/** A variable's colour: `var(--mantine-color-<name>-<shade>)` (Mantine's default) resolved. */
function colourOf(value: string | undefined, fallback: string) {
  const shade = value?.match(/^var\(--mantine-color-(\w+)-(\d)\)$/);
  const resolved = shade && DEFAULT_THEME.colors[shade[1] ?? '']?.[Number(shade[2])];
  if (resolved) return resolved;
  return value || fallback;
}

// The light and subtle variants: an Alert's title and icon on shade 1, a light or subtle button
// on shade 2 under the pointer (the account menu's trigger while its menu is open).
describe('the text of light and subtle variants', () => {
  it('reads at 4.5:1 or better on its backgrounds in the light scheme, for every colour', () => {
    render(<AppProvider>{null}</AppProvider>);
    const light = schemeVariables('light');
    const unreadable = Object.entries(DEFAULT_THEME.colors).flatMap(([name, shades]) => {
      // Mantine's default, left out of the page when the theme keeps it: shade 9.
      const text = colourOf(light.get(`--mantine-color-${name}-light-color`), shades[9]);
      return [shades[1], shades[2]]
        .map((background) => ({ name, background, ratio: contrast(text, background) }))
        .filter(({ ratio }) => ratio < 4.5);
    });
    expect(unreadable).toEqual([]);
  });

  it('reads at 4.5:1 or better in the dark scheme too, under the pointer included', () => {
    render(<AppProvider>{null}</AppProvider>);
    const dark = schemeVariables('dark');
    const unreadable = Object.entries(DEFAULT_THEME.colors).flatMap(([name, shades]) => {
      const text = colourOf(dark.get(`--mantine-color-${name}-light-color`), shades[0]);
      // Mantine's dark light-variant backgrounds: shade 9 darkened by half, by 0.3 when hovered.
      return [0.5, 0.3]
        .map((amount) => ({ name, amount, ratio: contrast(text, darken(shades[9], amount)) }))
        .filter(({ ratio }) => ratio < 4.5);
    });
    expect(unreadable).toEqual([]);
  });
});

describe('links', () => {
  it('are underlined inside running text, as the help dialog’s support address', async () => {
    render(
      <AppProvider>
        <HelpDialog opened onClose={() => {}} />
      </AppProvider>,
    );
    const link = await screen.findByRole('link', { name: SUPPORT_EMAIL });
    expect(link.getAttribute('data-underline')).toBe('always');
  });
});
