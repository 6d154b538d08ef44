import { lazy, Suspense, type ReactNode } from 'react';
import { createTheme, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { SessionProvider } from '../lib/session/session-provider';

// Shade 8 gives white button text a contrast of 5:1 (the default shade 6 fails WCAG AA).
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // People who ask their system for less motion get no transitions (drawers, menus, toasts).
  respectReducedMotion: true,
});

// 'dimmed' text is gray 6 by default, 3.3:1 on white; gray 7 reads at 4.5:1 or better.
const readableDimmedText: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

// Toasts are only raised after the first screen is up, so their host can load a moment later.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** Everything the screens share: theme, notifications, and the session. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      cssVariablesResolver={readableDimmedText}
    >
      <Suspense fallback={null}>
        {/* The spec's chat toasts (one at a time, 3 s) are the app's only toasts. */}
        <Notifications limit={1} autoClose={3000} />
      </Suspense>
      <SessionProvider>{children}</SessionProvider>
    </MantineProvider>
  );
}
