import { useState, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppError } from '../components/errors/app-error';
import { RouteError } from '../components/errors/route-error';
import { AppLayout } from '../components/layouts/app-layout';
import { lazyWithRetry } from '../lib/lazy-with-retry';
import { RequireAdmin } from './guards/require-admin';
import { RequireUser } from './guards/require-user';
import { HomeRoute } from './routes/home';

// Everything but the home page is split out, to keep the landing page's first load small. A
// page whose chunk fails to load (offline) shows the route's error, whose 'Try Again' loads it
// afresh (lazyWithRetry).
// Login and Register can also be loaded ahead (preloadRoute): main.tsx does so before the first
// render at their address, which then shows the page itself, not 'Loading...' first; so the
// build's prerendered form (scripts/prerender-shell.ts) is replaced by the same form.
function preloadableRoute(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined;
  const Lazy = lazyWithRetry(async () => {
    const module = await load();
    loaded = module.default;
    return module;
  });
  function Route() {
    // Decided once per mount, so the page is never swapped for itself when loading ends.
    const [Page] = useState(() => loaded ?? Lazy);
    return <Page />;
  }
  const preload = async () => {
    loaded = (await load()).default;
  };
  return { Route, preload };
}
const Login = preloadableRoute(() => import('./routes/auth/login'));
const Register = preloadableRoute(() => import('./routes/auth/register'));

/** Loads the page at `pathname` ahead when it is one of the preloadable ones. */
export function preloadRoute(pathname: string): Promise<void> {
  const route = { '/login': Login, '/register': Register }[pathname.replace(/(.)\/$/, '$1')];
  return route ? route.preload() : Promise.resolve();
}

const ForgotPassword = lazyWithRetry(() => import('./routes/auth/forgot-password'));
const ResetPassword = lazyWithRetry(() => import('./routes/auth/reset-password'));
const VerifyEmail = lazyWithRetry(() => import('./routes/auth/verify-email'));
const Invite = lazyWithRetry(() => import('./routes/invite'));
const AutoJoin = lazyWithRetry(() => import('./routes/auto-join'));
const Join = lazyWithRetry(() => import('./routes/join'));
const Chat = lazyWithRetry(() => import('./routes/chat'));
const Settings = lazyWithRetry(() => import('./routes/settings'));
const Admin = lazyWithRetry(() => import('./routes/admin'));
const NotFound = lazyWithRetry(() => import('./routes/not-found'));
const chatError = <RouteError title="The chat could not be shown" withTopBar />;

/** The route table of spec point 2. Exported on its own so tests can mount it in memory. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <AppError />,
    children: [
      {
        // A page that fails to render shows its error inside the layout, which stays usable.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'login', element: <Login.Route /> },
          { path: 'register', element: <Register.Route /> },
          { path: 'forgot-password', element: <ForgotPassword /> },
          { path: 'reset-password/:token', element: <ResetPassword /> },
          { path: 'verify-email/:token', element: <VerifyEmail /> },
          { path: 'invite', element: <Invite /> },
          {
            element: <RequireUser />,
            children: [
              // The spec leaves /auto-join open in routing, but the guard sends visitors to /login.
              { path: 'auto-join', element: <AutoJoin /> },
              { path: 'join', element: <Join /> },
              // The chat hides the top bar for its own header: its error brings it back.
              { path: 'chat', element: <Chat />, errorElement: chatError },
              { path: 'chat/:roomId', element: <Chat />, errorElement: chatError },
              { path: 'settings', element: <Settings /> },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [{ path: 'admin', element: <Admin /> }],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
