/**
 * Who was removed from the room lately. The worker checks the membership at the upgrade and the
 * room trusts that check at `join`; an upgrade checked just before a kick (or the room's
 * deletion) may still reach the room just after it, so for a while such a socket's membership
 * is read afresh instead.
 */
const REMEMBER_MS = 60_000;
const EVERYONE = '*';

export class RecentRemovals {
  private readonly removedAt = new Map<string, number>();

  add(userId: string) {
    this.removedAt.set(userId, Date.now());
  }

  addEveryone() {
    this.add(EVERYONE);
  }

  includes(userId: string): boolean {
    const now = Date.now();
    for (const [id, at] of this.removedAt) if (now - at > REMEMBER_MS) this.removedAt.delete(id);
    return this.removedAt.has(userId) || this.removedAt.has(EVERYONE);
  }
}
