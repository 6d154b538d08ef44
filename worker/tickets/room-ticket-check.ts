/**
 * The room's half of a ticketed upgrade's checks (room-gate.ts): a ticket that a later change
 * voided is refused with the sentence the cookie upgrade would have given. Bans are checked by
 * the room for every upgrade (room-bans.ts).
 */
import type { ForwardedUpgrade } from '../chat/forwarded';
import { NOT_A_MEMBER, NOT_AUTHENTICATED, ROOM_NOT_FOUND } from './refusals';
import type { TicketVoids } from './ticket-voids';

const SAY = { room: ROOM_NOT_FOUND, user: NOT_A_MEMBER, session: NOT_AUTHENTICATED } as const;

export function ticketRefusal(voids: TicketVoids, upgrade: ForwardedUpgrade): string | null {
  if (upgrade.ticketIssuedAt === null) return null;
  const kind = voids.refusal({
    userId: upgrade.userId,
    sessionId: upgrade.sessionId,
    issuedAt: upgrade.ticketIssuedAt,
  });
  return kind ? SAY[kind] : null;
}
