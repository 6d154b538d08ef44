/**
 * The identity the worker vouches for when it forwards an upgrade to a room (socket-route.ts
 * sends it after its checks, on a request of its own: none of the client's headers reach the
 * room). One header of JSON, not a header per fact: every header is a pair of strings the
 * runtime copies into the room's request and frees again, once per connect.
 */
import { asRole, type Role } from '../../../contract/user';

export const FORWARDED_HEADER = 'X-Chat-Upgrade';

export interface ForwardedUpgrade {
  roomId: string;
  roomName: string;
  userId: string;
  role: Role;
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
  /**
   * The person's 'Share when I have read messages' setting: off, the room neither shares their
   * read position nor sends them anyone's. Missing reads as on, the setting's default.
   */
  shareReads: boolean;
}

/**
 * The header's value. URI-encoded because a header carries bytes, not text: a room's name or a
 * nickname may hold any character.
 */
export function forwardedValue(upgrade: ForwardedUpgrade): string {
  return encodeURIComponent(JSON.stringify(upgrade));
}

/** What the worker said; a fact missing or malformed reads as empty (or null, or 'unknown'). */
export function readForwarded(headers: Headers): ForwardedUpgrade {
  const said = parse(headers.get(FORWARDED_HEADER));
  const text = (key: string) => (typeof said[key] === 'string' ? said[key] : '');
  const time = (key: string) =>
    Number.isSafeInteger(said[key]) && (said[key] as number) > 0 ? (said[key] as number) : null;
  return {
    roomId: text('roomId'),
    roomName: text('roomName'),
    userId: text('userId'),
    role: asRole(said.role),
    sessionId: text('sessionId'),
    ip: text('ip') || 'unknown',
    memberAs: text('memberAs'),
    ticketIssuedAt: time('ticketIssuedAt'),
    checkedAt: time('checkedAt'),
    shareReads: said.shareReads !== false,
  };
}

function parse(value: string | null): Record<string, unknown> {
  try {
    const said: unknown = JSON.parse(decodeURIComponent(value ?? ''));
    return said && typeof said === 'object' ? (said as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
