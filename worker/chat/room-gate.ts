/**
 * Who a room lets in, from what the room itself knows: its ban list, who was removed lately,
 * which tickets were voided since they were issued. The worker's checks (D1, the ticket's
 * signature) come first; this catches what happened between them and the upgrade's arrival.
 */
import { Refusal } from '../socket-io';
import { voidedRefusal } from '../tickets/room-ticket-check';
import { TicketVoids } from '../tickets/ticket-voids';
import { AddressNotes } from './address-notes';
import type { ForwardedUpgrade } from './forwarded';
import { RecentRemovals } from './recent-removals';
import { BANNED_MESSAGE, RoomBans } from './room-bans';
import type { SocketMatch } from './socket-state';

export class RoomGate {
  private readonly bans: RoomBans;
  private readonly removals = new RecentRemovals();
  /** What voids older tickets (and cookie upgrades checked before it). */
  private readonly voids: TicketVoids;
  /** The addresses let in, on their way to D1 for address blocks. */
  private readonly addressNotes: AddressNotes;

  constructor(
    sql: SqlStorage,
    db: () => D1Database,
    roomId: () => string,
    closeAddress: (ip: string) => void,
  ) {
    this.bans = new RoomBans(sql);
    this.voids = new TicketVoids(sql);
    this.addressNotes = new AddressNotes(db, roomId, closeAddress);
  }

  /**
   * A refusal, or the nickname the worker found the person a member as, if the room can still
   * trust it (no removal or nickname change since the check).
   */
  admit(forwarded: ForwardedUpgrade): Refusal | { memberAs: string | null } {
    const { userId, ip, memberAs } = forwarded;
    // An upgrade checked against D1 just before a kick reaches the room just after it.
    if (this.bans.has(userId)) return new Refusal(BANNED_MESSAGE);
    // A ticket is up to a minute old, a cookie upgrade's check moments: the room knows what
    // happened since (tickets/).
    const refusal = voidedRefusal(this.voids, forwarded);
    if (refusal) return new Refusal(refusal);
    this.addressNotes.note(ip);
    // A membership read before a nickname change here (a ticket's, or a cookie upgrade's
    // moments before it arrived) does not vouch for the nickname. The worker always says when.
    const checkedAt = forwarded.checkedAt ?? Date.now();
    const fresh = !this.removals.includes(userId) && !this.voids.nicknameStale(userId, checkedAt);
    return { memberAs: memberAs && fresh ? memberAs : null };
  }

  isBanned(userId: string): boolean {
    return this.bans.has(userId);
  }

  /** A kick: banned here, and every ticket the person holds is void. */
  kicked(userId: string) {
    this.bans.ban(userId);
    this.removals.add(userId);
    this.voids.voidUser(userId);
  }

  unbanned(userId: string) {
    this.bans.unban(userId);
  }

  /** A nickname set through the API voids tickets that carry the old one. */
  nicknameChanged(userId: string) {
    this.voids.nicknameChanged(userId);
  }

  /** A person's sessions (or one of them) ended: their tickets are void. */
  sessionsEnded(match: SocketMatch) {
    if (!('userId' in match)) return;
    if (match.sessionId) this.voids.voidSession(match.sessionId);
    else this.voids.voidUser(match.userId);
  }

  /** The room was deleted: nobody's ticket or membership holds, and the ban list goes. */
  roomDeleted() {
    this.removals.addEveryone();
    this.voids.voidEveryone();
    this.bans.clear();
  }
}
