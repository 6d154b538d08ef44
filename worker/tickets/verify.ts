/**
 * The worker's half of a ticketed upgrade, with no D1 call: the signature, the type, the room
 * and the expiry. What happened after the ticket was issued (a kick, a logout, a deletion) is
 * the room object's to know (ticket-voids.ts).
 */
import type { TicketClaims } from './ticket-claims';
import { decodeTicket } from './ticket-codec';

export const INVALID_TICKET = 'Invalid connection ticket';
export const EXPIRED_TICKET = 'Connection ticket expired';
export const OTHER_ROOM_TICKET = 'This connection ticket is for another room';

export type TicketCheck =
  { ok: true; claims: TicketClaims } | { ok: false; refusal: string; claims?: TicketClaims };

export async function verifyTicket(
  env: Pick<Env, 'JWT_SECRET'>,
  ticket: string,
  roomId: string,
  now = Date.now(),
): Promise<TicketCheck> {
  const claims = await decodeTicket(env, ticket);
  if (!claims) return { ok: false, refusal: INVALID_TICKET };
  if (claims.room !== roomId) return { ok: false, refusal: OTHER_ROOM_TICKET, claims };
  if (now >= claims.exp) return { ok: false, refusal: EXPIRED_TICKET, claims };
  return { ok: true, claims };
}
