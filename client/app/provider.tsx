import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createTheme,
  localStorageColorSchemeManager,
  MantineProvider,
  type CSSVariablesResolver,
} from '@mantine/core';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session/session-provider';

// Shade 8 gives white button text a contrast of 5:1 (the default shade 6 fails WCAG AA).
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // People who ask their system for less motion get no transitions (drawers, menus, toasts).
  respectReducedMotion: true,
});

// 'dimmed' text is gray 6 by default, 3.3:1 on white; gray 7 reads at 4.5:1 or better. In the
// dark scheme it is dark 2, 4:1 on the dark body; dark 1 reads at 7:1.
const readableDimmedText: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});

// Mantine's own key, which the inline script in index.html reads to apply the remembered scheme
// before the first paint (no light flash for people who chose dark).
const colorSchemeManager = localStorageColorSchemeManager({ key: 'mantine-color-scheme-value' });

// Toasts are only raised after the first screen is up, so their host can load a moment later.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** Everything the screens share: theme, notifications, server data and the session. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider
      theme={theme}
      // 'auto' follows the system until the person picks a scheme in the top bar.
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={readableDimmedText}
    >
      <Suspense fallback={null}>
        {/* The spec's chat toasts (one at a time, 3 s) are the app's only toasts. */}
        <Notifications limit={1} autoClose={3000} />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
