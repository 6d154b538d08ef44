import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';
import { markPasswordVerified } from './sessions';
import { verifyPassword } from './password';

/** Settings actions re-check the password: a borrowed, unlocked browser is not enough. */
export async function checkCurrentPassword(c: Context<AppEnv>, password: string) {
  const { user, session } = c.var;
  const stored = {
    hash: user.passwordHash,
    salt: user.passwordSalt,
    iterations: user.passwordIterations,
  };
  if (!(await verifyPassword(password, stored))) throw new ApiError(401, 'Incorrect password');
  await markPasswordVerified(c.var.db, session.id);
}
