/**
 * Makes a room's parts (room-parts.ts) for its object (chat-room.ts), from what the object
 * hands them: its state, its environment, its sockets and its alarm.
 */
import { MESSAGE_BURST, MESSAGES_PER_SECOND } from '../../../contract/realtime';
import { newHistoryLimit } from '../messages/load-history';
import { RoomMessages } from '../messages/room-messages';
import { RoomPresence } from '../presence/room-presence';
import { PersonLimit } from '../sockets/person-limit';
import type { RoomSockets } from '../sockets/socket-state';
import { newJoinLimit } from './join-limit';
import { RoomGate } from './room-gate';
import { RoomIdentity } from './room-identity';
import { RoomMembers } from './room-members';
import type { RoomParts } from './room-parts';
import { RoomSecurityLog } from './room-security-log';

export interface RoomPartsSource {
  ctx: DurableObjectState;
  /** Read at each use, not kept: the binding is the environment's (tests count its calls). */
  env: () => Env;
  sockets: RoomSockets;
  /** The alarm is the one thing of the object's a part asks for (the summary's flush). */
  wakeAt: (at: number) => Promise<void>;
}

export function newRoomParts({ ctx, env, sockets, wakeAt }: RoomPartsSource): RoomParts {
  const { storage } = ctx;
  const identity = new RoomIdentity(storage.kv);
  const db = () => env().DB;
  return {
    identity,
    db,
    gate: new RoomGate(storage.sql, db, identity, sockets),
    messages: new RoomMessages({
      storage,
      db,
      identity,
      sockets,
      bucket: () => env().FILES,
      wakeAt,
      pushQueue: () => env().PUSH_QUEUE,
    }),
    members: new RoomMembers(db, () => identity.id),
    presence: new RoomPresence(sockets, identity),
    personMessages: new PersonLimit(MESSAGES_PER_SECOND, MESSAGE_BURST),
    personJoins: newJoinLimit(),
    personHistory: newHistoryLimit(),
    security: new RoomSecurityLog(ctx, env, identity, sockets),
  };
}
