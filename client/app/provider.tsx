import { lazy, Suspense, type ReactNode } from 'react';
import { createTheme, MantineProvider } from '@mantine/core';
import { SessionProvider } from '../lib/session/session-provider';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md' });

// Toasts are only raised after the first screen is up, so their host can load a moment later.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** Everything the screens share: theme, notifications, and the session. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Suspense fallback={null}>
        {/* The spec's chat toasts (one at a time, 3 s) are the app's only toasts. */}
        <Notifications limit={1} autoClose={3000} />
      </Suspense>
      <SessionProvider>{children}</SessionProvider>
    </MantineProvider>
  );
}
