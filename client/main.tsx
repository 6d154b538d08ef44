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
import { ShellTakeover, watchShell } from './shell-takeover';

// Every other component's styles (menus, modals, the chat, the admin area, toasts): requested
// now, long before anyone opens one, but never in the way of the first paint.
void import('./styles-rest');

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();

// The first render waits for the page's lazy module (/login, /register), so that the page the
// build prerendered into #root is replaced by the same page, never by 'Loading...' in between,
// keeping what the visitor did in it. It is a transition, rendered in slices: the shell stays
// responsive meanwhile.
const shell = watchShell(container);
void preloadRoute(location.pathname).then(() => {
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

// The installable app's offline shell (client/service-worker/sw.js), in production builds only:
// registered once the page has loaded, so it never competes with the first visit's downloads.
// The page starts this script after its first paint, so the load event may have passed.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // Without it the app still works online; only the offline start is lost.
      console.warn('Service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
