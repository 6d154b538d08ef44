/**
 * What a socket is, kept in its attachment so it survives hibernation: who is behind it,
 * whether it joined and under which nickname, and its message allowance.
 */
import { fullBucket, takeToken, type TokenBucket } from './token-bucket';

export interface SocketState {
  sid: string;
  userId: string;
  role: 'user' | 'admin';
  /** The client's address, for the security log. */
  ip: string;
  /** Set once the Socket.IO CONNECT has been answered. */
  connected: boolean;
  /** Set by a successful `join`; null before and after `leave`. */
  nickname: string | null;
  /**
   * The membership's nickname as the worker found it at the upgrade, kept current by the
   * worker's calls when it changes; null when it must be read from D1 at `join`.
   */
  memberAs: string | null;
  /** The messages the socket may still send right now. */
  allowance: TokenBucket;
}

/** About 5 messages a second with bursts of 10: lively typing passes, a flood does not. */
const RATE_PER_SECOND = 5;
const BURST = 10;

export function newSocketState(
  userId: string,
  role: SocketState['role'],
  ip: string,
  memberAs: string | null,
): SocketState {
  return {
    sid: crypto.randomUUID(),
    userId,
    role,
    ip,
    connected: false,
    nickname: null,
    memberAs,
    allowance: fullBucket(BURST),
  };
}

/** Spends one message of the allowance; false when the socket is over its rate. */
export function takeAllowance(state: SocketState, now = Date.now()): boolean {
  return takeToken(state.allowance, RATE_PER_SECOND, BURST, now);
}
