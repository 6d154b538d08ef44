/**
 * Room calls that a route owes the room after changing D1: a kick, a leave, an unban, a
 * hand-over, the closing of a revoked session's or a blocked address's sockets
 * (owed-socket-closes.ts), and a rename, a join's nickname change, a change of read sharing or
 * the room's deletion (owed-room-updates.ts). Each is tried at once (with retryTransient's
 * retries, room-rpc.ts); should the room's object stay out of reach, the call goes to the
 * 'room-calls' queue and the route answers as on success, since its D1 change stands. The
 * consumer (worker/queues/room-calls-consumer.ts) delivers it later, after checking in D1 that
 * nothing newer made it stale. Without it, a kicked, departed or logged-out person's open socket kept
 * chatting until it reconnected.
 *
 * A message names ids only (and the fixed text a socket hears, or a rename's name), never more
 * than a few hundred bytes; the consumer checks every message against `owedRoomCallSchema`,
 * whatever sent it.
 */
import { z } from 'zod';
import { roomIdSchema } from '../../contract/rooms';
import { owedRoomUpdateSchemas } from './owed-room-updates';
import { directMatch, owedSocketCloseSchema } from './owed-socket-closes';
import {
  closeSockets,
  deleteRoom,
  memberLeft,
  membershipChanged,
  ownerChanged,
  readSharingChanged,
  removeMember,
  roomRenamed,
  unbanMember,
} from './room-rpc';

const userId = z.string().min(1).max(64);
/** What the person's sockets hear as they close (a kick's or a leave's fixed text). */
const reason = z.string().min(1).max(200);

export const owedRoomCallSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('kick'), roomId: roomIdSchema, userId, reason }),
  z.object({ kind: z.literal('memberLeft'), roomId: roomIdSchema, userId, reason }),
  z.object({ kind: z.literal('unban'), roomId: roomIdSchema, userId }),
  z.object({
    kind: z.literal('ownerChanged'),
    roomId: roomIdSchema,
    /** The new owner: the call is stale once D1 names someone else. */
    userId,
    nickname: z.string().min(1).max(64),
    /** The same id as the first attempts', so the room tells the hand-over once. */
    handOverId: z.string().min(1).max(64),
  }),
  owedSocketCloseSchema,
  ...owedRoomUpdateSchemas,
]);

export type OwedRoomCall = z.infer<typeof owedRoomCallSchema>;

/** The room-rpc call a message stands for: the same for the route and the consumer. */
export function makeRoomCall(env: Env, call: OwedRoomCall): Promise<unknown> {
  switch (call.kind) {
    case 'kick':
      return removeMember(env, call.roomId, call.userId, call.reason);
    case 'memberLeft':
      return memberLeft(env, call.roomId, call.userId, call.reason);
    case 'unban':
      return unbanMember(env, call.roomId, call.userId);
    case 'ownerChanged':
      return ownerChanged(env, call.roomId, call.nickname, call.handOverId);
    // The consumer makes its own (queues/late-socket-closes.ts): what it may close depends on
    // D1 then.
    case 'closeSockets':
      return closeSockets(env, call.roomId, directMatch(call.match), call.reason);
    // The room reads the name and the nickname in D1 itself (room-rename.ts, member-calls.ts).
    case 'roomRenamed':
      return roomRenamed(env, call.roomId);
    case 'membershipChanged':
      return membershipChanged(env, call.roomId, call.userId);
    // Late, with the setting D1 holds then (queues/late-room-updates.ts).
    case 'readSharingChanged':
      return readSharingChanged(env, call.roomId, call.userId, call.share);
    case 'deleteRoom':
      return deleteRoom(env, call.roomId);
  }
}

/**
 * Makes the call; when it still fails after its retries, queues it as owed and returns as on
 * success. Throws (the call's own error) only when the queue refuses it too: then nothing
 * would ever tell the room, and the caller's 500 is the honest answer.
 *
 * Every failure is owed, not only those retryTransient tries again: an error the object throws
 * (its own D1 read failing, an object reset for its memory) or an `overloaded` one, tried no
 * more at once so as not to add to the load, is as likely to pass as a broken connection, and
 * the queue's delays are the right wait for it. One that fails every time costs the queue's
 * bounded retries (wrangler.toml) and is then logged and given up; answering 500 for it would
 * only tell the person that a change which stands in D1 had failed.
 */
export async function callRoomOrOwe(env: Env, call: OwedRoomCall): Promise<void> {
  try {
    await makeRoomCall(env, call);
  } catch (error) {
    console.error(`[room-calls] ${call.kind} for room ${call.roomId} owed:`, error);
    try {
      await (env.ROOM_CALLS_QUEUE as Queue<OwedRoomCall>).send(call, { contentType: 'json' });
    } catch (queueError) {
      console.error(`[room-calls] ${call.kind} for room ${call.roomId} not queued:`, queueError);
      throw error;
    }
  }
}
