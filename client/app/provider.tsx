import { Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QuietBoundary } from '../components/ui/quiet-boundary';
import { lazyWithRetry } from '../lib/lazy-with-retry';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session/session-provider';
import { cssVariablesResolver, theme } from './theme';

// Mantine's own key, which the inline script in index.html reads to apply the remembered scheme
// before the first paint (no light flash for people who chose dark).
const colorSchemeManager = localStorageColorSchemeManager({ key: 'mantine-color-scheme-value' });

// Toasts are only raised after the first screen is up, so their host can load a moment later.
// If its chunk fails (the network dropped during the start), the app goes on without toasts
// and loads it again once back online: never a blank page for want of them.
const Notifications = lazyWithRetry(() =>
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
      cssVariablesResolver={cssVariablesResolver}
    >
      <QuietBoundary>
        <Suspense fallback={null}>
          {/* The spec's chat toasts (one at a time, 3 s) are the app's only toasts. */}
          <Notifications limit={1} autoClose={3000} />
        </Suspense>
      </QuietBoundary>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
