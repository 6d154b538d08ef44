/**
 * The push API (docs/push.md): the VAPID public key, and a browser's subscription kept or
 * forgotten. Signed-in callers only; the /api middleware refuses other origins' writes.
 *
 * - `GET /api/push/key` → `{ publicKey }` (503 while the secrets are not set).
 * - `POST /api/push/subscriptions` `{ endpoint, keys: { p256dh, auth } }` → 201 `{}`. The same
 *   endpoint again updates its row (new keys); an endpoint that another account had moves to
 *   the caller (the browser is signed in to the caller now). An account keeps at most
 *   PUSH_SUBSCRIPTIONS_MAX: the one past it replaces the account's oldest, in the same
 *   transaction as the insert, so two posts at once cannot make eleven.
 * - `DELETE /api/push/subscriptions` `{ endpoint }` → 204: only the caller's own row goes; the
 *   answer is the same whether there was one, so it tells nothing of others' endpoints.
 */
import { Hono } from 'hono';
import {
  PUSH_SUBSCRIPTIONS_MAX,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  type PushKeyResponse,
} from '../../contract/push';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';
import { fromBase64Url } from '../lib/encoding';
import { enforceLimit } from '../security/guards';
import { endpointRules, vapidKeys } from './push-config';
import { endpointProblem } from './push-endpoint';

/** A browser posts its subscription at each start; a loop posting more is refused. */
const POSTS_PER_MINUTE = 30;

export const pushRoutes = new Hono<AppEnv>()
  .get('/push/key', requireUser, (c) => {
    const keys = vapidKeys(c.env);
    if (!keys) throw new ApiError(503, 'Push notifications are not set up on this server');
    return c.json({ publicKey: keys.publicKey } satisfies PushKeyResponse);
  })
  .post('/push/subscriptions', requireUser, validateJson(pushSubscriptionBody), async (c) => {
    const { endpoint, keys } = c.req.valid('json');
    const problem = endpointProblem(endpoint, endpointRules(c.env));
    if (problem) throw new ApiError(400, problem);
    const p256dh = keys.p256dh.replace(/=+$/, '');
    const auth = keys.auth.replace(/=+$/, '');
    if (!(await isP256Point(p256dh))) {
      throw new ApiError(400, 'keys.p256dh must be an uncompressed P-256 public key');
    }
    const userId = c.var.user.id;
    await enforceLimit(
      c,
      {
        name: 'push-subscribe',
        key: `push-subscribe:${userId}`,
        max: POSTS_PER_MINUTE,
        windowMs: 60_000,
      },
      { score: 'never' },
    );
    const db = c.env.DB;
    await db.batch([
      db
        .prepare(
          `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id,
             p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`,
        )
        .bind(crypto.randomUUID(), userId, endpoint, p256dh, auth),
      // The account's newest PUSH_SUBSCRIPTIONS_MAX stay, this one always among them.
      db
        .prepare(
          `DELETE FROM push_subscriptions WHERE user_id = ?1 AND endpoint != ?2 AND id NOT IN (
             SELECT id FROM push_subscriptions WHERE user_id = ?1
             ORDER BY endpoint = ?2 DESC, created_at DESC, rowid DESC LIMIT ?3)`,
        )
        .bind(userId, endpoint, PUSH_SUBSCRIPTIONS_MAX),
    ]);
    return c.json({}, 201);
  })
  .delete('/push/subscriptions', requireUser, validateJson(pushUnsubscribeBody), async (c) => {
    const { endpoint } = c.req.valid('json');
    await c.env.DB.prepare('DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?')
      .bind(endpoint, c.var.user.id)
      .run();
    return c.body(null, 204);
  });

/** Whether the key is a point on P-256 in the uncompressed form (0x04, x, y). */
async function isP256Point(base64Url: string): Promise<boolean> {
  const bytes = fromBase64Url(base64Url);
  if (!bytes || bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    await crypto.subtle.importKey('raw', bytes, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    return true;
  } catch {
    return false;
  }
}
