/**
 * What a socket is to the room, kept as its Socket.IO data (in its attachment, so it survives
 * hibernation, and in its recovery session): who is behind it, whether it joined and under
 * which nickname, and its message allowance.
 */
import {
  MESSAGE_BURST,
  MESSAGES_PER_SECOND,
  type ServerToClientEvents,
} from '../../../contract/realtime';
import type { SocketMatch } from '../../room-calls/room-rpc';
import type { ServerSockets, Socket } from '../../socket-io';
import { fullBucket, takeToken, type TokenBucket } from './token-bucket';

export interface SocketState {
  userId: string;
  role: 'user' | 'admin';
  /** The session the socket was opened with: a logout ends this session's sockets. */
  sessionId: string;
  /** The client's address (clientIp()'s key): for the security log and address blocks. */
  ip: string;
  /** Set by a successful `join`; null before and after `leave`. */
  nickname: string | null;
  /**
   * The membership's nickname as the worker found it at the upgrade, kept current by the
   * worker's calls when it changes; null when it must be read from D1 at `join`.
   */
  memberAs: string | null;
  /** The person shares their read position and sees others' ('Seen by'). */
  shareReads: boolean;
  /** The messages the socket may still send right now. */
  allowance: TokenBucket;
}

/** A socket as the room's hooks and events get it. */
export type RoomSocket = Socket<SocketState, ServerToClientEvents>;

/** The room object's sockets, as its parts may ask about them and broadcast to them. */
export type RoomSockets = ServerSockets<SocketState, ServerToClientEvents>;

/** The Socket.IO room of the sockets that joined the chat (the ones broadcasts reach). */
export const JOINED = 'joined';

export function newSocketState(
  userId: string,
  role: SocketState['role'],
  sessionId: string,
  ip: string,
  memberAs: string | null,
  shareReads = true,
): SocketState {
  return {
    userId,
    role,
    sessionId,
    ip,
    nickname: null,
    memberAs,
    shareReads,
    allowance: fullBucket(MESSAGE_BURST),
  };
}

/** Spends one message of the allowance; false when the socket is over its rate. */
export function takeAllowance(state: SocketState, now = Date.now()): boolean {
  return takeToken(state.allowance, MESSAGES_PER_SECOND, MESSAGE_BURST, now);
}

export function matches(state: SocketState, match: SocketMatch): boolean {
  // An address block spares its administrators' sockets, as it spares their requests and
  // upgrades (security/guards.ts): someone sharing their network must not cut them off.
  if ('ip' in match) return state.ip === match.ip && state.role !== 'admin';
  if (state.userId !== match.userId) return false;
  // A session started since a late close's moment is no session it ended.
  if (match.spare?.sessionIds.includes(state.sessionId)) return false;
  return match.sessionId === undefined || state.sessionId === match.sessionId;
}
