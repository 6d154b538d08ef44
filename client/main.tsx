// The first screens' styles only (the build inlines them into each page, scripts/prerender-shell.ts):
// Mantine's base and the components of the landing, login and register screens and the frame
// around them, in the order of Mantine's full stylesheet. The full one loads below without
// blocking the first paint. All in Mantine's cascade layer, so the order in which the two
// arrive never matters, and the app's own CSS modules always win over Mantine's.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter, preloadRoute } from './app/router';
import { routerOptions } from './app/router-options';
import { retryFailedStylesheets } from './lib/lazy-with-retry';
import { reloadOnStaleBuild } from './lib/stale-build';
import { ShellTakeover, watchShell } from './shell-takeover';

// A lazy chunk that a deploy removed loads the page again, with the current build.
reloadOnStaleBuild();

// Every other component's styles (menus, modals, the chat, the admin area, toasts): requested
// now, long before anyone opens one, but never in the way of the first paint; again once back
// online if the network dropped meanwhile.
const loadRestStyles = (): Promise<unknown> =>
  import('./styles-rest').catch(() =>
    window.addEventListener(
      'online',
      () => {
        // Vite would not add the failed stylesheet's link again: a fresh one takes its place.
        retryFailedStylesheets();
        void loadRestStyles();
      },
      { once: true },
    ),
  );
void loadRestStyles();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Resolves in a later task. The start is split into steps that each end their task (the
 * module's own code; the page's chunks; the router, which reads and writes the browser's
 * history; the render), so that on a slow phone none holds the main thread long enough to
 * delay what the visitor does in the prerendered page meanwhile.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

// The first render waits for the page's lazy module (/login, /register), so that the page the
// build prerendered into #root is replaced by the same page, never by 'Loading...' in between,
// keeping what the visitor did in it. It is a transition, rendered in slices: the shell stays
// responsive meanwhile. A module that fails to load (the network dropped) does not stop the
// start: the page then loads it again, and shows its error with 'Try Again' if that fails too.
const shell = watchShell(container);
const preloaded = preloadRoute(location.pathname).catch(() => {});
void preloaded.then(async () => {
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <ShellTakeover shell={shell}>
          <AppProvider>
            <RouterProvider router={router} {...routerOptions} />
          </AppProvider>
        </ShellTakeover>
      </StrictMode>,
    ),
  );
});

// The installable app's offline shell (client/service-worker/sw.js), in production builds only.
// Registered once the page has loaded and the main thread is idle, so that neither the call
// (about 10 ms) nor the worker's caching of the shell (some 80 requests) competes with the
// first visit's downloads or with the app's start. The page starts this script after its first
// paint, so the load event may have passed.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // Without it the app still works online; only the offline start is lost.
      console.warn('Service worker registration failed', error);
    });
  };
  // Safari has no requestIdleCallback: a few seconds is past any start there.
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(register, { timeout: 10_000 })
      : setTimeout(register, 3000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle);
}
