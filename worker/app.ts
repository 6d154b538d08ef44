/** The /api worker: middleware that every call passes, then one sub-app per resource. */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './app-env';
import { loginRoutes } from './auth/login-routes';
import { passwordResetRoutes } from './auth/password-reset-routes';
import { settingsRoutes } from './auth/settings-routes';
import { openDb } from './db/client';
import { ApiError, handleError, handleNotFound } from './http/api-error';
import { sameOrigin } from './http/same-origin';
import { profileRoutes } from './users/profile-routes';

/** Bodies of the API are small JSON; anything bigger is refused before it is read. */
const MAX_BODY_BYTES = 16 * 1024;

export const app = new Hono<AppEnv>().basePath('/api');

app.use(secureHeaders(), async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
});
app.use(
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, 'Request body is too large');
    },
  }),
);
app.use(sameOrigin);
app.use(async (c, next) => {
  c.set('db', openDb(c.env.DB));
  await next();
});

app.route('/auth', loginRoutes);
app.route('/auth/reset-password', passwordResetRoutes);
app.route('/auth/settings', settingsRoutes);
app.route('/user', profileRoutes);

app.notFound(handleNotFound);
app.onError(handleError);
