/**
 * The room's half of an upgrade's checks (room-gate.ts): an upgrade whose check a later change
 * voided is refused with the sentence the cookie upgrade would have given. A ticket's check is
 * its issue; a cookie upgrade's is the worker's D1 read (`checkedAt`), so one read just before
 * a logout, a password reset or a deletion, which reaches the room just after that change
 * closed the person's sockets, is refused too. Bans are checked by the room for every upgrade
 * (room-bans.ts).
 */
import type { ForwardedUpgrade } from '../upgrade/forwarded';
import { REFUSED, type Refused } from '../../../contract/realtime';
import type { TicketVoids } from './ticket-voids';

const SAY = {
  room: REFUSED.roomNotFound,
  user: REFUSED.notMember,
  session: REFUSED.notAuthenticated,
} as const;

export function voidedRefusal(voids: TicketVoids, upgrade: ForwardedUpgrade): Refused | null {
  const ticketed = upgrade.ticketIssuedAt !== null;
  const checkedAt = upgrade.ticketIssuedAt ?? upgrade.checkedAt;
  if (checkedAt === null) return null;
  const holder = { userId: upgrade.userId, sessionId: upgrade.sessionId, issuedAt: checkedAt };
  // A ticket lives a minute, so it errs on refusing; a cookie upgrade's check is moments old,
  // and one made just after a change (a kicked person let back in and rejoining at once) must
  // not be taken for one made before it.
  const kind = voids.refusal(holder, ticketed ? undefined : 0);
  return kind ? SAY[kind] : null;
}
