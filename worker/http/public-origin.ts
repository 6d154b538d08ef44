import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * The origin put into mailed links. A deployment must set APP_ORIGIN: taken from the request,
 * the origin is whatever Host the caller sent, and a reset link mailed to a victim would point
 * at the attacker's site. Only the console transport (local runs, where the mail is a log line)
 * falls back to the request's own origin; otherwise the answer is null and no link is sent.
 */
export function publicOrigin(c: Context<AppEnv>): string | null {
  if (c.env.APP_ORIGIN) return c.env.APP_ORIGIN.replace(/\/+$/, '');
  if (c.env.MAIL_TRANSPORT === 'console') return new URL(c.req.url).origin;
  console.error(
    '[mail] APP_ORIGIN is not set: links are not mailed. Set it in wrangler.toml [vars] to the public origin.',
  );
  return null;
}
