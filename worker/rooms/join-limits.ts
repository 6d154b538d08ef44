/** The limits of POST /api/join: on new rooms, and on nickname changes in a room. */
import type { Context } from 'hono';
import { roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { tooManyRequests } from '../security/guards';
import { ApiError } from '../http/api-error';
import { giveBack, take } from '../security/rate-limit';

/** Enough for anyone's real use; a script filling D1 with rooms stops at 20 an hour. */
const ROOMS_PER_HOUR = 20;
/**
 * Nickname changes in one room, per account: a few are a person trying names; a loop of them
 * made every member's screen pop up 'X has left' and 'Y has joined' (text of the sender's
 * choosing) about fifty times a second, past the room's own limit on messages.
 */
const RENAMES_PER_MINUTE = 10;

/**
 * Takes one of the caller's room-creation slots or answers 429 with Retry-After; answers the
 * slot's id, for giveBack when the creation is refused. Counted per account, not per address:
 * people behind one office NAT do not share a budget. Not logged as a violation either, which
 * would raise the address's threat score and could block that office for one person's
 * enthusiasm; the limit alone stops them.
 */
export async function limitRoomCreation(c: Context<AppEnv>): Promise<number> {
  const taken = await take(c.env.DB, {
    key: `create-room:${c.var.user.id}`,
    max: ROOMS_PER_HOUR,
    windowMs: 60 * 60_000,
  });
  if ('retryAfter' in taken) tooManyRequests(c, taken.retryAfter, roomMessages.creatingTooFast);
  return taken.hitId;
}

/**
 * Runs a creation that took `hitId`; a refusal (an ApiError: a reserved nickname, the cap on
 * rooms) made no room, so it gives the slot back rather than count against the hour. Any other
 * failure may have come after the room was made, and keeps it spent.
 */
export async function refundRefusedCreation<T>(
  c: Context<AppEnv>,
  hitId: number | undefined,
  create: () => Promise<T>,
): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (hitId !== undefined && error instanceof ApiError) await giveBack(c.env.DB, hitId);
    throw error;
  }
}

/** Takes one of the caller's nickname changes in the room, or answers 429 with Retry-After. */
export async function limitRenames(c: Context<AppEnv>, roomId: string) {
  const taken = await take(c.env.DB, {
    key: `rename:${c.var.user.id}:${roomId}`,
    max: RENAMES_PER_MINUTE,
    windowMs: 60_000,
  });
  if ('retryAfter' in taken) tooManyRequests(c, taken.retryAfter, roomMessages.renamingTooFast);
}
