/**
 * The session cookie: a signed JWT naming a session row. The row is what makes a session real,
 * so deleting it (logout, password reset, email change, account deletion) revokes the cookie at
 * once even though the JWT itself has not expired.
 */
import jwt from '@tsndr/cloudflare-worker-jwt';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';

export const SESSION_COOKIE = 'session';
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface SessionClaims {
  sub: string;
  sid: string;
}

/** A deployed worker without a secret must fail loudly, never sign with a default. */
function signingSecret(c: Context<AppEnv>): string {
  const secret = c.env.JWT_SECRET;
  if (!secret || secret.length < 32) {
    console.error(
      '[auth] JWT_SECRET is missing or shorter than 32 characters: set it with `wrangler secret put JWT_SECRET`',
    );
    throw new ApiError(500, 'The server is not configured to sign sessions');
  }
  return secret;
}

export async function writeSessionCookie(
  c: Context<AppEnv>,
  claims: SessionClaims,
  expiresAt: number,
) {
  const token = await jwt.sign(
    { ...claims, exp: Math.floor(expiresAt / 1000) },
    signingSecret(c),
    'HS256',
  );
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
}

/** The claims of a valid, unexpired cookie, or null. Says nothing about revocation. */
export async function readSessionCookie(c: Context<AppEnv>): Promise<SessionClaims | null> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return null;
  const secret = signingSecret(c);
  // The library throws, rather than answering undefined, for a token that is not three parts.
  const verified = await jwt.verify<SessionClaims>(token, secret, 'HS256').catch(() => undefined);
  const payload = verified?.payload;
  if (!payload || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
  return { sub: payload.sub, sid: payload.sid };
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: new URL(c.req.url).protocol === 'https:' });
}
