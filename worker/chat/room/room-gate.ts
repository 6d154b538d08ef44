/**
 * Who a room lets in, from what the room itself knows: its ban list, who was removed lately,
 * which tickets were voided since they were issued. The worker's checks (D1, the ticket's
 * signature) come first; this catches what happened between them and the upgrade's arrival.
 */
import { REFUSED } from '../../../contract/realtime';
import type { Refusal } from '../../socket-io';
import { voidedRefusal } from './room-ticket-check';
import { TicketVoids } from './ticket-voids';
import { AddressNotes } from './address-notes';
import { refusal } from '../upgrade/connect-refusal';
import type { ForwardedUpgrade } from '../upgrade/forwarded';
import { RecentRemovals } from './recent-removals';
import { banStands, RoomBans } from './ban-list';
import type { SocketMatch } from '../../room-calls/room-rpc';
import type { RoomSockets } from '../sockets/socket-state';

/**
 * How often one person refused by the room's own ban has it checked in D1 again: the room's
 * copy outlives D1's only when an unban's call never reached it (its queued call given up,
 * queues/room-calls-consumer.ts), and nobody could lift a ban D1 no longer lists.
 */
const BAN_RECHECK_MS = 60_000;
/** The most people whose last recheck is remembered; past it the memory starts again. */
const BAN_RECHECKS_MAX = 1000;

export class RoomGate {
  private readonly bans: RoomBans;
  private readonly removals = new RecentRemovals();
  /** What voids older tickets (and cookie upgrades checked before it). */
  private readonly voids: TicketVoids;
  /** The addresses let in, on their way to D1 for address blocks. */
  private readonly addressNotes: AddressNotes;
  /** Per person, the latest kick whose ban is being checked in D1 (confirmKick). */
  private readonly kickChecks = new Map<string, number>();
  private kickCheckCount = 0;
  /** Per person, when a refusal by the room's ban last had it checked in D1 (recheckBan). */
  private readonly banRechecks = new Map<string, number>();

  constructor(
    sql: SqlStorage,
    private readonly db: () => D1Database,
    private readonly identity: { readonly id: string },
    sockets: RoomSockets,
  ) {
    this.bans = new RoomBans(sql);
    this.voids = new TicketVoids(sql);
    this.addressNotes = new AddressNotes(db, identity, sockets);
  }

  /**
   * A refusal, or the nickname the worker found the person a member as, if the room can still
   * trust it (no removal or nickname change since the check), and their read sharing setting.
   */
  admit(forwarded: ForwardedUpgrade): Refusal | { memberAs: string | null; shareReads: boolean } {
    const { userId, ip, memberAs } = forwarded;
    // An upgrade checked against D1 just before a kick reaches the room just after it.
    if (this.bans.has(userId)) {
      this.recheckBan(userId);
      return refusal(REFUSED.banned);
    }
    // A ticket is up to a minute old, a cookie upgrade's check moments: the room knows what
    // happened since (tickets/).
    const voided = voidedRefusal(this.voids, forwarded);
    if (voided) return refusal(voided);
    this.addressNotes.note(ip);
    // A membership read before a nickname change here (a ticket's, or a cookie upgrade's
    // moments before it arrived) does not vouch for the nickname. The worker always says when.
    const checkedAt = forwarded.checkedAt ?? Date.now();
    const fresh = !this.removals.includes(userId) && !this.voids.nicknameStale(userId, checkedAt);
    // A ticket says the setting of its issue, up to a minute ago: a change since is newer.
    const shareReads = this.voids.readSharingSince(userId, checkedAt) ?? forwarded.shareReads;
    return { memberAs: memberAs && fresh ? memberAs : null, shareReads };
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

  /**
   * The person left through the API: tickets and upgrades checked before it are void, and a
   * join soon after reads their membership afresh (they may come back by an invite link).
   */
  left(userId: string) {
    this.removals.add(userId);
    this.voids.voidUser(userId);
  }

  unbanned(userId: string) {
    this.bans.unban(userId);
  }

  /**
   * A kick and an unban right after it are two calls that may reach the room in either order,
   * and a kick arriving last would ban here for good someone D1 no longer bans (nobody could
   * lift it: no ban is listed). D1 is written before each call, so after a kick the room asks
   * D1 whether the ban still stands and lifts its own copy if not. Only the latest kick's
   * answer counts (kick, unban, kick again); if D1 cannot answer, the ban stays.
   */
  async confirmKick(userId: string) {
    const check = ++this.kickCheckCount;
    this.kickChecks.set(userId, check);
    const stands = await banStands(this.db(), this.identity.id, userId).catch((error: unknown) => {
      console.error('[room-gate] ban check', error);
      return true;
    });
    if (this.kickChecks.get(userId) !== check) return;
    this.kickChecks.delete(userId);
    if (!stands) this.bans.unban(userId);
  }

  /**
   * The person was refused by the room's own ban: at most once a minute, D1 is asked whether
   * it still stands, and the room's copy goes if not (the next attempt is let in). The kick
   * that banned them wrote D1 before it told the room, so a ban it placed is never lifted.
   */
  private recheckBan(userId: string) {
    const now = Date.now();
    if (now - (this.banRechecks.get(userId) ?? 0) < BAN_RECHECK_MS) return;
    if (this.banRechecks.size >= BAN_RECHECKS_MAX) this.banRechecks.clear();
    this.banRechecks.set(userId, now);
    void this.confirmKick(userId);
  }

  /** 'Share when I have read messages' changed: upgrades checked before it carry the old one. */
  readSharingChanged(userId: string, share: boolean) {
    this.voids.readSharingChanged(userId, share);
  }

  /** A nickname set through the API voids tickets that carry the old one. */
  nicknameChanged(userId: string) {
    this.voids.nicknameChanged(userId);
  }

  /**
   * A person's sessions (or one of them) ended: their tickets are void. A late close (queued
   * while the room was out of reach) voids those issued before its moment only: tickets of
   * the sessions started since are good.
   */
  sessionsEnded(match: SocketMatch) {
    if (!('userId' in match)) return;
    if (match.sessionId) this.voids.voidSession(match.sessionId);
    else this.voids.voidUser(match.userId, match.spare?.endedAt);
  }

  /** The room was deleted: nobody's ticket or membership holds, and the ban list goes. */
  roomDeleted() {
    this.removals.addEveryone();
    this.voids.voidEveryone();
    this.bans.clear();
  }
}
