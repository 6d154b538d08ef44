/** Sign-up, sign-in, the current user and sign-out: /api/auth/register, /api/auth/login... */
import { Hono } from 'hono';
import { loginBody, registerBody } from '../../contract/auth';
import type { SuccessResponse, UserResponse } from '../../contract/user';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';
import { validateJson } from '../http/validate-json';
import { enforceLimit, logSecurityEvent } from '../security/guards';
import { giveBack, limits } from '../security/rate-limit';
import { clientIp } from '../security/client-ip';
import { hasSignedInFrom, rememberLoginAddress } from '../security/login-addresses';
import { waitsForLink } from '../email-verification/pending-signups';
import { registerAccount } from '../email-verification/register-account';
import { findUserByEmail } from '../users/find-user';
import { isForeignKeyViolation } from '../db/constraint-errors';
import { toPublicUser } from '../users/public-user';
import { burnPasswordCheck, verifyPassword } from '../credentials/password';
import { requireUser } from './require-user';
import { endSession, loadSession, startSession } from '../credentials/sessions';

const SIGNUP_WAITS =
  'Please open the link we mailed to this address to finish creating your account.';
const BAD_CREDENTIALS = 'Invalid email or password';

export const loginRoutes = new Hono<AppEnv>()
  .post('/register', validateJson(registerBody), async (c) => {
    await enforceLimit(c, limits.registerPerIp(clientIp(c.req.raw)));
    const user = await registerAccount(c, c.req.valid('json'));
    return c.json({ user } satisfies UserResponse, 201);
  })
  .post('/login', validateJson(loginBody), async (c) => {
    const { email, password } = c.req.valid('json');
    const ip = clientIp(c.req.raw);
    // A login flood from one address is abuse whoever sends it, so this 429 scores.
    const addressSlot = await enforceLimit(c, limits.loginPerIp(ip), { score: 'even-signed-out' });
    // Each attempt holds a failure slot until the password proves right, so racing guesses
    // cannot exceed the limit either. An address the owner has signed in from has its own
    // slots: strangers' guesses elsewhere do not lock the owner out. Neither 429 scores: it
    // would punish whoever shares the address with the account, not the guesser.
    const failureLimit = (await hasSignedInFrom(c.env.DB, email, ip))
      ? limits.failedLoginFromKnownAddress(email, ip)
      : limits.failedLoginPerAccount(email);
    const failureSlot = await enforceLimit(c, failureLimit, { score: 'never' });
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
      // A sign-up that waits for its link (the address was held unverified) is not a guess.
      if (user?.emailVerifiedAt === null && (await waitsForLink(c.var.db, email, password))) {
        await giveBack(c.env.DB, addressSlot, failureSlot);
        throw new ApiError(403, SIGNUP_WAITS);
      }
      logSecurityEvent(c, { eventType: 'login_failed', userId: user?.id, details: { email } });
      throw new ApiError(401, BAD_CREDENTIALS);
    }
    // A correct password is not an attempt to count: people behind one NAT all sign in.
    try {
      await Promise.all([
        giveBack(c.env.DB, addressSlot, failureSlot),
        rememberLoginAddress(c.env.DB, user.id, ip, user.passwordHash),
      ]);
      // Only while the password checked is still the account's: a reset landing during the
      // check shuts out whoever knew the old one, a login in flight included.
      if (!(await startSession(c, user.id, user.passwordHash))) {
        throw new ApiError(401, BAD_CREDENTIALS);
      }
    } catch (error) {
      // The account was deleted while its password was checked: its email is unknown now.
      if (isForeignKeyViolation(error)) throw new ApiError(401, BAD_CREDENTIALS);
      throw error;
    }
    return c.json({ user: toPublicUser(user) } satisfies UserResponse);
  })
  .get('/login/current', requireUser, (c) =>
    c.json({ user: toPublicUser(c.var.user) } satisfies UserResponse),
  )
  .post('/logout', async (c) => {
    // Signing out always succeeds for the browser, even with a cookie that is already dead.
    const found = await loadSession(c);
    await endSession(c, found?.session.id);
    return c.json({ success: true } satisfies SuccessResponse);
  });
