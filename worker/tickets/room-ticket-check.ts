/**
 * The room's half of a ticketed upgrade (chat-room.ts onUpgrade): a ticket that a later change
 * voided is refused with the sentence the cookie upgrade would have given, and a ticket older
 * than a nickname change does not vouch for the nickname. Bans are checked by the room for
 * every upgrade, ticket or not (room-bans.ts).
 */
import type { ForwardedUpgrade } from '../chat/forwarded';
import { NOT_A_MEMBER, NOT_AUTHENTICATED, ROOM_NOT_FOUND } from './refusals';
import type { TicketVoids } from './ticket-voids';

const SAY = { room: ROOM_NOT_FOUND, user: NOT_A_MEMBER, session: NOT_AUTHENTICATED } as const;

export function ticketRefusal(
  voids: TicketVoids,
  upgrade: ForwardedUpgrade,
): { refusal: string | null; nicknameStale: boolean } {
  if (upgrade.ticketIssuedAt === null) return { refusal: null, nicknameStale: false };
  const holder = {
    userId: upgrade.userId,
    sessionId: upgrade.sessionId,
    issuedAt: upgrade.ticketIssuedAt,
  };
  const kind = voids.refusal(holder);
  return { refusal: kind ? SAY[kind] : null, nicknameStale: voids.nicknameStale(holder) };
}
