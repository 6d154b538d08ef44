/**
 * The identity the worker vouches for when it forwards an upgrade to a room (socket-route.ts
 * sends these headers after its checks, on a request of its own: none of the client's headers
 * reach the room).
 */
export const FORWARDED = {
  userId: 'X-Chat-User-Id',
  role: 'X-Chat-User-Role',
  sessionId: 'X-Chat-Session-Id',
  roomId: 'X-Chat-Room-Id',
  roomName: 'X-Chat-Room-Name',
  nickname: 'X-Chat-Member-As',
  ip: 'X-Chat-Client-Ip',
  /** Set for an upgrade admitted by a ticket (tickets/): when the ticket was issued. */
  ticketIssuedAt: 'X-Chat-Ticket-Issued-At',
  /** When the worker read the facts it forwards (for a ticket: when it was issued). */
  checkedAt: 'X-Chat-Checked-At',
};

export interface ForwardedUpgrade {
  roomId: string;
  roomName: string;
  userId: string;
  role: 'user' | 'admin';
  sessionId: string;
  ip: string;
  /** The membership's nickname at the upgrade check; '' for an administrator without one. */
  memberAs: string;
  /** When the ticket that admitted the upgrade was issued; null for a cookie upgrade. */
  ticketIssuedAt: number | null;
  /**
   * When the membership (`memberAs`) was read: a nickname set since then is newer than it.
   * Null when not said, which the room treats as just now.
   */
  checkedAt: number | null;
}

export function readForwarded(headers: Headers): ForwardedUpgrade {
  return {
    roomId: headers.get(FORWARDED.roomId) ?? '',
    roomName: decodeURIComponent(headers.get(FORWARDED.roomName) ?? ''),
    userId: headers.get(FORWARDED.userId) ?? '',
    role: headers.get(FORWARDED.role) === 'admin' ? 'admin' : 'user',
    sessionId: headers.get(FORWARDED.sessionId) ?? '',
    ip: headers.get(FORWARDED.ip) ?? 'unknown',
    memberAs: decodeURIComponent(headers.get(FORWARDED.nickname) ?? ''),
    ticketIssuedAt: Number(headers.get(FORWARDED.ticketIssuedAt) ?? '') || null,
    checkedAt: Number(headers.get(FORWARDED.checkedAt) ?? '') || null,
  };
}
