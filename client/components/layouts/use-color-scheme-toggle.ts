import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/**
 * Light or dark: the app follows the system until the person picks one; Mantine's manager
 * remembers the pick in localStorage, and index.html's inline script applies it before the
 * first paint of the next visit. The label names the scheme a click switches to.
 */
export function useColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = current === 'dark' ? 'light' : 'dark';
  return {
    label: next === 'dark' ? 'Dark mode' : 'Light mode',
    Icon: next === 'dark' ? IconMoon : IconSun,
    toggle: () => setColorScheme(next),
  };
}
