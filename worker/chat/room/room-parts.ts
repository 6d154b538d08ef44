/**
 * The parts of a room, made by the room object (chat-room.ts) and given to its events. The
 * events use these alone, and the parts reach the object only through the socket layer's
 * surface it hands them (its sockets and broadcast) and, for the summary, its alarm.
 */
import type { RoomMessages } from '../messages/room-messages';
import type { RoomPresence } from '../presence/room-presence';
import type { PersonLimit } from '../sockets/person-limit';
import type { RoomGate } from './room-gate';
import type { RoomIdentity } from './room-identity';
import type { RoomMembers } from './room-members';
import type { RoomSecurityLog } from './room-security-log';

export interface RoomParts {
  readonly identity: RoomIdentity;
  readonly gate: RoomGate;
  readonly messages: RoomMessages;
  /** Who the members are (mentions) and who owns the room (deletions). */
  readonly members: RoomMembers;
  readonly presence: RoomPresence;
  /** Each person's message allowance across all their sockets. */
  readonly personMessages: PersonLimit;
  /** Each person's joins and history pages across all their sockets: each sends a frame. */
  readonly personJoins: PersonLimit;
  readonly personHistory: PersonLimit;
  readonly security: RoomSecurityLog;
  readonly db: () => D1Database;
}
