/**
 * What a socket ticket says. It is everything the upgrade used to read from D1 (session, user,
 * role, room, membership) as of the moment it was issued, signed; the room object knows of
 * removals since then (chat/room/ticket-voids.ts) and is the last word.
 */
export const TICKET_TYPE = 'room-socket';

export interface TicketClaims {
  /** The kind of token: only 'room-socket' opens a socket. */
  typ: typeof TICKET_TYPE;
  /** The user. */
  sub: string;
  /** The session the ticket was issued to: a logout ends its sockets and voids its tickets. */
  sid: string;
  role: 'user' | 'admin';
  room: string;
  /** The room's name, which the room object shows in roomData. */
  name: string;
  /** The membership's nickname at issue. */
  nick: string;
  /** The address key (clientIp()) the ticket was issued to. */
  ip: string;
  /**
   * The person's 'Share when I have read messages' at issue. A change reaches the sockets open
   * then (ChatRoom.readSharingChanged), not a ticket already issued: a socket opened with one
   * in its minute carries the setting as it was. Absent from tickets issued before it existed.
   */
  reads?: boolean;
  /** Issued at and expires at, epoch milliseconds. */
  iat: number;
  exp: number;
}

export function isTicketClaims(value: unknown): value is TicketClaims {
  if (!value || typeof value !== 'object') return false;
  const claims = value as Record<string, unknown>;
  const strings = ['sub', 'sid', 'room', 'name', 'nick', 'ip'] as const;
  return (
    claims.typ === TICKET_TYPE &&
    (claims.role === 'user' || claims.role === 'admin') &&
    strings.every((field) => typeof claims[field] === 'string') &&
    (claims.reads === undefined || typeof claims.reads === 'boolean') &&
    Number.isSafeInteger(claims.iat) &&
    Number.isSafeInteger(claims.exp)
  );
}
