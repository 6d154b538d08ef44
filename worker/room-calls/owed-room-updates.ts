/**
 * Room updates owed after an outage: a rename, a join's nickname change, a change of read
 * sharing and the room's deletion, whose call to the room's object still failed after its
 * retries, go to the 'room-calls' queue as room calls (owed-room-calls.ts), and their routes
 * answer their success: the D1 change stands. Without it, a renamed room kept its old name and
 * a sharer's open sockets their old setting until they reconnected, and a deleted room's object
 * kept its sockets talking and its history until someone asked it again.
 *
 * Each tells the room news it reads in D1 (a name, a nickname) or that D1 holds (a setting, an
 * absence), so the consumer checks D1 as it is when the message arrives
 * (queues/late-room-updates.ts) and delivers what holds then, never what was queued.
 */
import { z } from 'zod';
import { ROOM_NAME_MAX, roomIdSchema } from '../../contract/rooms';

const userId = z.string().min(1).max(64);

export const owedRoomUpdateSchemas = [
  z.object({
    kind: z.literal('roomRenamed'),
    roomId: roomIdSchema,
    /** The name the route set: a later name in D1 is that rename's own call to tell. */
    name: z.string().min(1).max(ROOM_NAME_MAX),
  }),
  z.object({ kind: z.literal('membershipChanged'), roomId: roomIdSchema, userId }),
  z.object({
    kind: z.literal('readSharingChanged'),
    roomId: roomIdSchema,
    userId,
    /** What the route saved; the consumer delivers the value D1 holds when it runs. */
    share: z.boolean(),
  }),
  z.object({ kind: z.literal('deleteRoom'), roomId: roomIdSchema }),
] as const;

export type OwedRoomUpdate = z.infer<(typeof owedRoomUpdateSchemas)[number]>;

const UPDATE_KINDS: ReadonlySet<string> = new Set(
  owedRoomUpdateSchemas.map((schema) => schema.shape.kind.value),
);

/** Whether a checked room call is one of these (the consumer delivers them by updateLate). */
export function isRoomUpdate<T extends { kind: string }>(
  call: T,
): call is Extract<T, { kind: OwedRoomUpdate['kind'] }> {
  return UPDATE_KINDS.has(call.kind);
}
