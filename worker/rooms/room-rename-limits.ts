/**
 * The bound on room renames: ROOM_RENAMES_PER_HOUR per room, whoever renames it, and per
 * person, across rooms. Each budget is one conditional INSERT (security/rate-limit.ts), so
 * renames racing each other cannot pass it. A rename refused by the room's budget gives the
 * person's slot back: it renamed nothing. Not scored, as room creation is not
 * (join-limits.ts): one keen owner must not get their office's address blocked.
 */
import type { Context } from 'hono';
import { ROOM_RENAMES_PER_HOUR, roomSettingsMessages } from '../../contract/room-settings';
import type { AppEnv } from '../app-env';
import { tooManyRequests } from '../security/guards';
import { giveBack, take } from '../security/rate-limit';

const HOUR_MS = 60 * 60_000;

/** Takes one rename from the caller's budget and the room's, or answers 429 with Retry-After. */
export async function limitRoomRenames(c: Context<AppEnv>, roomId: string) {
  const budget = (key: string) => ({ key, max: ROOM_RENAMES_PER_HOUR, windowMs: HOUR_MS });
  const person = await take(c.env.DB, budget(`room-rename:user:${c.var.user.id}`));
  if ('retryAfter' in person) {
    tooManyRequests(c, person.retryAfter, roomSettingsMessages.renamingTooFast);
  }
  const room = await take(c.env.DB, budget(`room-rename:room:${roomId}`));
  if ('retryAfter' in room) {
    await giveBack(c.env.DB, person.hitId);
    tooManyRequests(c, room.retryAfter, roomSettingsMessages.renamingTooFast);
  }
}
