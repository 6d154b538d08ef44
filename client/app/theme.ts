import {
  createTheme,
  darken,
  luminance,
  type CSSVariablesResolver,
  type MantineTheme,
} from '@mantine/core';

// WCAG AA's least contrast for text of ordinary size.
const READABLE = 4.5;

// Shade 8 gives white button text a contrast of 5:1 (the default shade 6 fails WCAG AA).
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // People who ask their system for less motion get no transitions (drawers, menus, toasts).
  respectReducedMotion: true,
  components: {
    // A link inside a sentence must differ from the words around it by more than its colour
    // (in the dark scheme Mantine's blue is 1.5:1 against the text). Links styled as a title
    // (the product's name in the top bar and the chat header) say underline="never" themselves.
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

/** WCAG's contrast ratio between two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [first, second] = [luminance(a), luminance(b)];
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

/**
 * The light and subtle variants (an Alert's title and icon, a light or subtle button) write in
 * shade 9 of their colour on shade 1, and on shade 2 under the pointer (the account menu's
 * button while its menu is open). Yellow's title read at 2.7:1 and blue on shade 2 at 4:1. In
 * the light scheme each colour's shade 9 is darkened, a step at a time, until it reads at 4.5:1
 * on shade 2, hence on shade 1 too. The dark scheme's shade 0 on a near-black shade of the same
 * colour reads at 5:1 or better, under the pointer too.
 */
export function readableLightVariantText(colors: MantineTheme['colors']): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    let text = shades[9];
    for (let step = 1; contrastRatio(text, shades[2]) < READABLE && step < 20; step += 1) {
      text = darken(shades[9], step / 20);
    }
    variables[`--mantine-color-${name}-light-color`] = text;
  }
  return variables;
}

// 'dimmed' text is gray 6 by default, 3.3:1 on white; gray 7 reads at 4.5:1 or better. In the
// dark scheme it is dark 2, 4:1 on the dark body; dark 1 reads at 7:1.
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...readableLightVariantText(resolved.colors),
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
