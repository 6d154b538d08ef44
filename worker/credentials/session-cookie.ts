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
import { VerifiedTokens } from './verified-tokens';

/**
 * Over https the cookie carries the __Host- prefix: browsers then accept it only with Secure,
 * Path=/ and no Domain, so a sibling subdomain (or a network attacker over plain http) cannot
 * plant or shadow a session cookie. Local runs over http cannot set Secure cookies: plain name.
 */
const COOKIE_NAME = 'session';
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
  const secure = isHttps(c);
  setCookie(c, COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
    prefix: secure ? 'host' : undefined,
  });
  // A companion the SPA can read (the session cookie is HttpOnly): it only says a session may
  // exist, so the app asks the server at startup only then, and a visitor's first page makes
  // no request that answers 401. It holds nothing secret and grants nothing.
  setCookie(c, SESSION_HINT_COOKIE, '1', {
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
    prefix: secure ? 'host' : undefined,
  });
}

export const SESSION_HINT_COOKIE = 'has_session';

/** Cookies this isolate has verified (verified-tokens.ts). */
const verifiedCookies = new VerifiedTokens<SessionClaims>();

/** The claims of a valid, unexpired cookie, or null. Says nothing about revocation. */
export async function readSessionCookie(c: Context<AppEnv>): Promise<SessionClaims | null> {
  const token = sessionCookieValue(c);
  // Exactly header, payload and signature: the library reads the first three parts and would
  // take `<token>.anything` for the token itself.
  if (!token || token.split('.').length !== 3) return null;
  const secret = signingSecret(c);
  const known = verifiedCookies.known(token, secret);
  if (known) return known;
  // The library throws, rather than answering undefined, for a token it cannot decode.
  const verified = await jwt.verify<SessionClaims>(token, secret, 'HS256').catch(() => undefined);
  const payload = verified?.payload;
  if (!payload || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
  const claims = Object.freeze({ sub: payload.sub, sid: payload.sid });
  if (typeof payload.exp === 'number') {
    verifiedCookies.remember(token, secret, claims, payload.exp * 1000);
  }
  return claims;
}

/**
 * The cookie of the current protocol only: over https a plain `session` cookie may have been
 * planted by someone who could write to plain http, and is never trusted.
 */
export function sessionCookieValue(c: Context<AppEnv>): string | undefined {
  return getCookie(c, COOKIE_NAME, isHttps(c) ? 'host' : undefined);
}

/**
 * Clears both names: over https the plain one may be left from before the __Host- prefix (or
 * planted); over http the browser ignores the Secure one, which costs nothing.
 */
export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, COOKIE_NAME, { path: '/', secure: isHttps(c) });
  deleteCookie(c, COOKIE_NAME, { prefix: 'host' });
  deleteCookie(c, SESSION_HINT_COOKIE, { path: '/', secure: isHttps(c) });
  deleteCookie(c, SESSION_HINT_COOKIE, { prefix: 'host' });
}

function isHttps(c: Context<AppEnv>) {
  return new URL(c.req.url).protocol === 'https:';
}
