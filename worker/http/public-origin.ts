import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

/** The origin put into mailed links: APP_ORIGIN when configured, else the request's own. */
export function publicOrigin(c: Context<AppEnv>): string {
  return c.env.APP_ORIGIN || new URL(c.req.url).origin;
}
