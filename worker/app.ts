/** The worker's routes: /api (JSON) and /socket.io (realtime), behind shared middleware. */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { adminRoutes } from './admin/admin-routes';
import type { AppEnv } from './app-env';
import { loginRoutes } from './auth/login-routes';
import { passwordResetRoutes } from './auth/password-reset-routes';
import { settingsRoutes } from './auth/settings-routes';
import { socketRoute } from './chat/upgrade/socket-route';
import { openDb } from './db/client';
import { verifyEmailRoutes } from './auth/verify-email-routes';
import { inviteLinkRoutes } from './invites/invite-link-routes';
import { inviteRoutes } from './invites/invite-routes';
import { ApiError } from './http/api-error';
import { handleError, handleNotFound } from './error-handler';
import { fileRoutes } from './files/file-routes';
import { isUploadRequest } from './files/read-upload';
import { answerBookmark, openSession } from './http/d1-session';
import { sameOrigin } from './http/same-origin';
import { roomRoutes } from './rooms/room-routes';
import { roomSettingsRoutes } from './rooms/room-settings-routes';
import { directRoutes } from './direct/direct-routes';
import { ownerRoutes } from './rooms/owner-route';
import { searchRoutes } from './rooms/search-route';
import { notificationLevelRoutes } from './rooms/notification-level-route';
import { ticketRoutes } from './tickets/ticket-route';
import { refuseBlockedAddresses } from './security/guards';
import { profileRoutes } from './auth/profile-routes';
import { messageRoutes } from './push/message-route';
import { pushRoutes } from './push/subscription-routes';

/** Bodies of the API are small JSON; anything bigger is refused before it is read. */
const MAX_BODY_BYTES = 16 * 1024;

/** The same HSTS as client/public/_headers gives the SPA and its assets: a year, subdomains too. */
const HSTS = 'max-age=31536000; includeSubDomains';

const api = new Hono<AppEnv>();
// Before the body limit: another site's oversized post is refused as foreign, never read, and
// never logged as a hostile payload from the address of whoever visited that site.
api.use(sameOrigin);
const smallBodies = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new ApiError(413, 'Request body is too large');
  },
});
// An upload has its own limit, FILE_MAX_BYTES and the form around it (files/read-upload.ts).
api.use((c, next) => (isUploadRequest(c.req.method, c.req.path) ? next() : smallBodies(c, next)));
api.route('/auth', loginRoutes);
api.route('/auth/reset-password', passwordResetRoutes);
api.route('/auth/settings', settingsRoutes);
api.route('/auth/verify-email', verifyEmailRoutes);
api.route('/user', profileRoutes);
api.route('/admin', adminRoutes);
api.route('/invites', inviteRoutes);
api.route('/rooms', inviteLinkRoutes);
api.route('/', roomRoutes);
api.route('/', roomSettingsRoutes);
api.route('/', directRoutes);
api.route('/', ownerRoutes);
api.route('/', searchRoutes);
api.route('/', notificationLevelRoutes);
api.route('/', ticketRoutes);
api.route('/', fileRoutes);
api.route('/', pushRoutes);
api.route('/', messageRoutes);

/**
 * The administrator's pages read the primary even to read: each decides on the caller's role,
 * and a replica a few seconds behind would still show a just-demoted administrator (or a
 * revoked session) the users and the security log. Their traffic is small.
 */
function readsPrimary(path: string): boolean {
  return path === '/api/admin' || path.startsWith('/api/admin/');
}

export const app = new Hono<AppEnv>();
// First, so that every /api answer has them, a blocked address's 429 (refused before the API's
// own middleware) included.
app.use('/api/*', secureHeaders({ strictTransportSecurity: HSTS }), async (c, next) => {
  await next();
  // A file's answer keeps its own (files/serve-file.ts): the browser may keep it, privately.
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
});
// /api only: the socket upgrade reads the primary through the plain binding, so that upgrades
// arriving together can share one statement (chat/upgrade/upgrade-check.ts), and its 101 carries no
// bookmark.
app.use('/api/*', async (c, next) => {
  const session = openSession(c, readsPrimary(c.req.path));
  c.set('db', openDb(session));
  await next();
  answerBookmark(c, session);
});
// /socket.io checks the address in the same D1 round trip as the session and the membership.
app.use('/api/*', refuseBlockedAddresses);
app.route('/api', api);
app.route('/socket.io', socketRoute);
app.notFound(handleNotFound);
app.onError(handleError);
