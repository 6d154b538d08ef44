/** The worker's routes: /api (JSON) and /socket.io (realtime), behind shared middleware. */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { adminRoutes } from './admin/admin-routes';
import type { AppEnv } from './app-env';
import { loginRoutes } from './auth/login-routes';
import { passwordResetRoutes } from './auth/password-reset-routes';
import { settingsRoutes } from './auth/settings-routes';
import { socketRoute } from './chat/socket-route';
import { openDb } from './db/client';
import { ApiError, handleError, handleNotFound } from './http/api-error';
import { sameOrigin } from './http/same-origin';
import { roomRoutes } from './rooms/room-routes';
import { refuseBlockedAddresses } from './security/guards';
import { profileRoutes } from './users/profile-routes';

/** Bodies of the API are small JSON; anything bigger is refused before it is read. */
const MAX_BODY_BYTES = 16 * 1024;

const api = new Hono<AppEnv>();
api.use(secureHeaders(), async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
});
api.use(
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, 'Request body is too large');
    },
  }),
);
api.use(sameOrigin);
api.route('/auth', loginRoutes);
api.route('/auth/reset-password', passwordResetRoutes);
api.route('/auth/settings', settingsRoutes);
api.route('/user', profileRoutes);
api.route('/admin', adminRoutes);
api.route('/', roomRoutes);

export const app = new Hono<AppEnv>();
app.use(async (c, next) => {
  c.set('db', openDb(c.env.DB));
  await next();
});
// /socket.io checks the address in the same D1 round trip as the session and the membership.
app.use('/api/*', refuseBlockedAddresses);
app.route('/api', api);
app.route('/socket.io', socketRoute);
app.notFound(handleNotFound);
app.onError(handleError);
