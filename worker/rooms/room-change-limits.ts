/**
 * The bounds on changing a room's identity, each ten an hour per room (whichever owner does
 * it) and per person (across rooms), administrators aside: renames, which every open chat hears, and hand-overs, on which every
 * open chat reads the room list again (`roomChanged`): two accounts handing a big room back and
 * forth would otherwise turn each request into as many reads as the room has open chats. Each
 * budget is one conditional INSERT (security/rate-limit.ts), so changes racing each other cannot
 * pass it. A change refused by the room's budget gives the person's slot back: it changed
 * nothing. Not scored, as room creation is not (join-limits.ts): one keen owner must not get
 * their office's address blocked.
 */
import type { Context } from 'hono';
import { ROOM_HAND_OVERS_PER_HOUR, roomOwnerMessages } from '../../contract/room-owner';
import { ROOM_RENAMES_PER_HOUR, roomSettingsMessages } from '../../contract/room-settings';
import type { AppEnv } from '../app-env';
import { tooManyRequests } from '../security/guards';
import { giveBack, take } from '../security/rate-limit';

const HOUR_MS = 60 * 60_000;

const budgets = {
  rename: {
    keyPrefix: 'room-rename',
    perHour: ROOM_RENAMES_PER_HOUR,
    refusal: roomSettingsMessages.renamingTooFast,
  },
  handOver: {
    keyPrefix: 'room-hand-over',
    perHour: ROOM_HAND_OVERS_PER_HOUR,
    refusal: roomOwnerMessages.handingOverTooFast,
  },
};

export type RoomChange = keyof typeof budgets;

/**
 * Takes one `change` from the caller's budget and the room's, or answers 429 with Retry-After.
 * Answers the slots taken, for giveBackRoomChange when the guarded write then changes nothing.
 */
export async function limitRoomChanges(
  c: Context<AppEnv>,
  change: RoomChange,
  roomId: string,
): Promise<number[]> {
  // Administrators are not bounded: they may have to take back a room its owner spent the
  // hour's changes on (an offensive name, a room handed between sock accounts).
  if (c.var.user.role === 'admin') return [];
  const { keyPrefix, perHour, refusal } = budgets[change];
  const budget = (key: string) => ({ key, max: perHour, windowMs: HOUR_MS });
  const person = await take(c.env.DB, budget(`${keyPrefix}:user:${c.var.user.id}`));
  if ('retryAfter' in person) tooManyRequests(c, person.retryAfter, refusal);
  const room = await take(c.env.DB, budget(`${keyPrefix}:room:${roomId}`));
  if ('retryAfter' in room) {
    await giveBack(c.env.DB, person.hitId);
    tooManyRequests(c, room.retryAfter, refusal);
  }
  return [person.hitId, room.hitId];
}

/**
 * Gives back the slots of a change whose guarded write found the caller no longer the owner
 * (or the room gone): nothing changed, so nothing counts against the hour.
 */
export function giveBackRoomChange(c: Context<AppEnv>, slots: number[]) {
  return giveBack(c.env.DB, ...slots);
}
