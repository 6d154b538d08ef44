/**
 * POST /api/auth/register's account, and its address's first link. The spec's answers stay:
 * 201 with the user, and 409 for an address an account has proved. An address held by an
 * account that never proved it gets the same 201 as a free one: the account is made when
 * the link mailed to the address is opened (pending-signups.ts).
 */
import type { Context } from 'hono';
import type { RegisterRequest } from '../../contract/auth';
import type { PublicUser } from '../../contract/user';
import type { AppEnv } from '../app-env';
import { bumpCounter } from '../db/counters';
import { hashPassword, type PasswordHash } from '../credentials/password';
import { users } from '../db/schema';
import { ApiError } from '../http/api-error';
import { findUserByEmail } from '../users/find-user';
import { isUniqueViolation } from '../db/constraint-errors';
import { toPublicUser } from '../users/public-user';
import { newLink } from './links';
import { sendAddressMail } from './mails';
import { addPendingSignup } from './pending-signups';

export const EMAIL_TAKEN = 'An account with this email already exists';

export async function registerAccount(
  c: Context<AppEnv>,
  { email, password, nickname }: RegisterRequest,
): Promise<PublicUser> {
  const holder = await findUserByEmail(c.var.db, email);
  if (holder && holder.emailVerifiedAt !== null) throw new ApiError(409, EMAIL_TAKEN);
  const hashed = await hashPassword(password);
  const id = crypto.randomUUID();
  if (!holder) {
    try {
      return await createAccount(c, { id, email, nickname, hashed });
    } catch (error) {
      // Two sign-ups with one address at once: the unique index decides, and the loser waits
      // for the link like any sign-up with an address an unverified account holds.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  const token = await addPendingSignup(c.var.db, { userId: id, email, nickname, password: hashed });
  sendAddressMail(c, { kind: 'signup', to: email, token });
  return {
    id,
    email,
    role: 'user',
    nickname,
    activeNickname: null,
    roomId: null,
    shareReads: true,
  };
}

interface NewAccount {
  id: string;
  email: string;
  nickname: string;
  hashed: PasswordHash;
}

async function createAccount(c: Context<AppEnv>, account: NewAccount) {
  const db = c.var.db;
  const link = await newLink(db, account.id, account.email, 'verify');
  // The admin stats' user count changes in the same transaction as the insert.
  const [[user]] = await db.batch([
    db
      .insert(users)
      .values({
        id: account.id,
        email: account.email,
        nickname: account.nickname,
        passwordHash: account.hashed.hash,
        passwordSalt: account.hashed.salt,
        passwordIterations: account.hashed.iterations,
      })
      .returning(),
    bumpCounter(db, 'users', 1),
    ...link.statements,
  ]);
  sendAddressMail(c, { kind: 'verify', to: account.email, token: link.token });
  return toPublicUser(user!);
}
