/**
 * The room's half of an upgrade's checks (chat-room.ts onUpgrade): a ticket that a later change
 * voided is refused with the sentence the cookie upgrade would have given, and a membership read
 * before a nickname change (a ticket's, or a cookie upgrade's moments before it arrived) does not
 * vouch for the nickname. Bans are checked by the room for every upgrade (room-bans.ts).
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

/** Whether a nickname was set here after the upgrade's membership was read. */
export function nicknameStale(voids: TicketVoids, upgrade: ForwardedUpgrade): boolean {
  return voids.nicknameStale({
    userId: upgrade.userId,
    sessionId: upgrade.sessionId,
    // The worker says it for every upgrade (a ticket's issue time for a ticket).
    issuedAt: upgrade.checkedAt ?? Date.now(),
  });
}
