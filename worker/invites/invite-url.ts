import type { Context } from 'hono';
import { INVITE_PARAM } from '../../contract/invites';
import type { AppEnv } from '../app-env';

/**
 * The link a person shares: the app's /invite page with the room and, for a room with invite
 * links on, the code. The app's public origin when set; the request's own otherwise (the link
 * goes back to the member who asked, over the same origin, so a forged Host fools only them).
 */
export function inviteUrl(c: Context<AppEnv>, roomId: string, code: string | null): string {
  const origin = c.env.APP_ORIGIN?.replace(/\/+$/, '') || new URL(c.req.url).origin;
  const url = new URL('/invite', origin);
  url.searchParams.set('room', roomId);
  if (code) url.searchParams.set(INVITE_PARAM, code);
  return url.toString();
}
