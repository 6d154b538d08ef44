/**
 * The 'room-calls' queue's consumer: room calls a route owed after its D1 change, when the room's
 * object was out of reach (worker/room-calls/owed-room-calls.ts). A call arrives late, perhaps
 * twice (at-least-once), perhaps after newer changes whose own calls landed: so each is checked
 * against D1 as it is now before it is made, and dropped when it would undo something newer.
 * The calls themselves may run twice with the same effect (the room's kick, leave, unban, socket
 * close, nickname, read sharing and deletion are idempotent, a rename is read in D1 again; a
 * hand-over is told once by its id). A call that fails again is handed back with a growing
 * delay, until wrangler.toml's max_retries.
 */
import { owedRoomCallSchema, makeRoomCall, type OwedRoomCall } from '../room-calls/owed-room-calls';
import { isRoomUpdate, type OwedRoomUpdate } from '../room-calls/owed-room-updates';
import { closeLate } from './late-socket-closes';
import { updateLate } from './late-room-updates';

/**
 * The calls about one member, checked here; a socket close is checked by closeLate, a room
 * update (a rename, a nickname, read sharing, a deletion) by updateLate.
 */
type MemberCall = Exclude<OwedRoomCall, { kind: 'closeSockets' } | OwedRoomUpdate>;

/** The longest wait before a call is tried again, in seconds. */
const MAX_DELAY_SECONDS = 300;

export async function handleRoomCallsBatch(batch: MessageBatch<unknown>, env: Env) {
  for (const message of batch.messages) {
    const parsed = owedRoomCallSchema.safeParse(message.body);
    if (!parsed.success) {
      // Not ours, or from a later worker that knows more kinds: dropped, never retried.
      console.error('[room-calls] dropped, not a known room call:', preview(message.body));
      message.ack();
      continue;
    }
    const call = parsed.data;
    try {
      if (call.kind === 'closeSockets') await closeLate(env, call);
      else if (isRoomUpdate(call)) await updateLate(env, call);
      else await deliver(env, call);
      message.ack();
    } catch (error) {
      console.error(`[room-calls] ${call.kind} for room ${call.roomId} failed again:`, error);
      message.retry({ delaySeconds: Math.min(2 ** message.attempts, MAX_DELAY_SECONDS) });
    }
  }
}

async function deliver(env: Env, call: MemberCall) {
  const stale = await staleBecause(env.DB, call);
  if (stale) console.log(`[room-calls] ${call.kind} for room ${call.roomId} dropped: ${stale}`);
  else await makeRoomCall(env, call);
}

interface RoomNow {
  owner: string | null;
  member: number;
  banned: number;
}

/**
 * Why the call no longer makes sense, or null when it is to be made. Read from the primary
 * (the plain binding): a replica's older copy could miss the rejoin that makes a kick stale.
 */
export async function staleBecause(db: D1Database, call: MemberCall): Promise<string | null> {
  const now = await db
    .prepare(
      `SELECT created_by AS owner,
         EXISTS (SELECT 1 FROM memberships WHERE room_id = ?1 AND user_id = ?2) AS member,
         EXISTS (SELECT 1 FROM room_bans WHERE room_id = ?1 AND user_id = ?2) AS banned
       FROM rooms WHERE room_id = ?1`,
    )
    .bind(call.roomId, call.userId)
    .first<RoomNow>();
  // Its deletion told the object and ended every socket there.
  if (!now) return 'the room was deleted';
  switch (call.kind) {
    // Back in through an unban and the invite link since: a late kick would throw them out.
    case 'kick':
      return now.member ? 'a member again' : null;
    // Joined again since: a late leave would close their new sockets.
    case 'memberLeft':
      return now.member ? 'a member again' : null;
    // Kicked again since, and that kick's call banned them in the room.
    case 'unban':
      return now.banned ? 'banned again' : null;
    // Handed on since: the notice would name someone who no longer owns the room.
    case 'ownerChanged':
      return now.owner === call.userId ? null : 'the room has another owner';
  }
}

/** A bounded look at a message that is not a room call, for the log. */
function preview(body: unknown): string {
  try {
    return String(JSON.stringify(body)).slice(0, 200);
  } catch {
    return typeof body;
  }
}
