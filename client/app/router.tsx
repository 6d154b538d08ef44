import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layouts/app-layout';
import { RequireAdmin } from './guards/require-admin';
import { RequireUser } from './guards/require-user';
import { HomeRoute } from './routes/home';

// Everything but the home page is split out, to keep the landing page's first load small.
const Login = lazy(() => import('./routes/auth/login'));
const Register = lazy(() => import('./routes/auth/register'));
const ForgotPassword = lazy(() => import('./routes/auth/forgot-password'));
const ResetPassword = lazy(() => import('./routes/auth/reset-password'));
const Invite = lazy(() => import('./routes/invite'));
const AutoJoin = lazy(() => import('./routes/auto-join'));
const Join = lazy(() => import('./routes/join'));
const Chat = lazy(() => import('./routes/chat'));
const Settings = lazy(() => import('./routes/settings'));
const Admin = lazy(() => import('./routes/admin'));
const NotFound = lazy(() => import('./routes/not-found'));

/** The route table of spec point 2. Exported on its own so tests can mount it in memory. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'login', element: <Login /> },
      { path: 'register', element: <Register /> },
      { path: 'forgot-password', element: <ForgotPassword /> },
      { path: 'reset-password/:token', element: <ResetPassword /> },
      { path: 'invite', element: <Invite /> },
      {
        element: <RequireUser />,
        children: [
          // The spec leaves /auto-join open in routing but sends visitors to /login: the guard.
          { path: 'auto-join', element: <AutoJoin /> },
          { path: 'join', element: <Join /> },
          { path: 'chat', element: <Chat /> },
          { path: 'chat/:roomId', element: <Chat /> },
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
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
