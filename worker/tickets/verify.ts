/**
 * The worker's half of a ticketed upgrade, with no D1 call: the signature, the type, the room
 * and the expiry. What happened after the ticket was issued (a kick, a logout, a deletion) is
 * the room object's to know (chat/room/ticket-voids.ts).
 */
import { REFUSED, type Refused } from '../../contract/realtime';
import type { TicketClaims } from './ticket-claims';
import { decodeTicket } from './ticket-codec';

export type TicketCheck =
  { ok: true; claims: TicketClaims } | { ok: false; refusal: Refused; claims?: TicketClaims };

export async function verifyTicket(
  env: Pick<Env, 'JWT_SECRET'>,
  ticket: string,
  roomId: string,
  now = Date.now(),
): Promise<TicketCheck> {
  const claims = await decodeTicket(env, ticket);
  if (!claims) return { ok: false, refusal: REFUSED.ticketInvalid };
  if (claims.room !== roomId) return { ok: false, refusal: REFUSED.ticketOtherRoom, claims };
  if (now >= claims.exp) return { ok: false, refusal: REFUSED.ticketExpired, claims };
  return { ok: true, claims };
}
