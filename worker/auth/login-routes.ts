/** Sign-up, sign-in, the current user and sign-out: /api/auth/register, /api/auth/login... */
import { Hono } from 'hono';
import { loginBody, registerBody } from '../../contract/auth';
import type { AppEnv } from '../app-env';
import { users } from '../db/schema';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';
import { enforceLimit, logSecurityEvent } from '../security/guards';
import { giveBack, limits } from '../security/rate-limit';
import { clientIp } from '../security/client-ip';
import { findUserByEmail, isUniqueViolation } from '../users/find-user';
import { toPublicUser } from '../users/public-user';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { requireUser } from './require-user';
import { endSession, loadSession, startSession } from './sessions';

const EMAIL_TAKEN = 'An account with this email already exists';
const BAD_CREDENTIALS = 'Invalid email or password';

export const loginRoutes = new Hono<AppEnv>()
  .post('/register', validateJson(registerBody), async (c) => {
    const { email, password, nickname } = c.req.valid('json');
    await enforceLimit(c, limits.registerPerIp(clientIp(c.req.raw)));
    if (await findUserByEmail(c.var.db, email)) throw new ApiError(409, EMAIL_TAKEN);
    const hashed = await hashPassword(password);
    try {
      const user = await c.var.db
        .insert(users)
        .values({
          id: crypto.randomUUID(),
          email,
          nickname,
          passwordHash: hashed.hash,
          passwordSalt: hashed.salt,
          passwordIterations: hashed.iterations,
        })
        .returning()
        .get();
      return c.json({ user: toPublicUser(user) }, 201);
    } catch (error) {
      // Two sign-ups with one email at once: the unique index decides, the loser hears why.
      if (isUniqueViolation(error)) throw new ApiError(409, EMAIL_TAKEN);
      throw error;
    }
  })
  .post('/login', validateJson(loginBody), async (c) => {
    const { email, password } = c.req.valid('json');
    await enforceLimit(c, limits.loginPerIp(clientIp(c.req.raw)));
    // Each attempt holds a failure slot of the account until the password proves right, so
    // racing guesses cannot exceed the limit either.
    const failureSlot = await enforceLimit(c, limits.failedLoginPerAccount(email));
    const user = await findUserByEmail(c.var.db, email);
    const stored = user && {
      hash: user.passwordHash,
      salt: user.passwordSalt,
      iterations: user.passwordIterations,
    };
    // An unknown email costs the same work and gets the same answer as a wrong password.
    const valid = stored
      ? await verifyPassword(password, stored)
      : await burnPasswordCheck(password);
    if (!user || !valid) {
      logSecurityEvent(c, { eventType: 'login_failed', userId: user?.id, details: { email } });
      throw new ApiError(401, BAD_CREDENTIALS);
    }
    await giveBack(c.env.DB, failureSlot);
    await startSession(c, user.id);
    return c.json({ user: toPublicUser(user) });
  })
  .get('/login/current', requireUser, (c) => c.json({ user: toPublicUser(c.var.user) }))
  .post('/logout', async (c) => {
    // Signing out always succeeds for the browser, even with a cookie that is already dead.
    const found = await loadSession(c);
    await endSession(c, found?.session.id);
    return c.json({ success: true });
  });
