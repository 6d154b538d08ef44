/**
 * Who the room's members are, by nickname, and who owns the room: for mentions (an `@nickname`
 * names a member, online or not) and for deletions and pins (the owner may delete any message,
 * and pin; in a private conversation, which nobody owns, either of its two people pins). Read
 * from D1 once in the object's life, at the first join or the first need, and kept current by
 * the joins, renames and kicks the room hears of. Until D1 has answered, the nicknames of those
 * who joined are known; a room woken from hibernation knows nobody (its sockets joined in an
 * earlier life), so a verb that may mention someone waits for the read (mustWait, afterRead).
 */
/**
 * How old the members read from D1 may grow before a join, or an owner's check, reads them
 * again: a hand-over whose call never reached the room (hand-over-room.ts) moves the owner's
 * powers within this much.
 */
export const RELOAD_AFTER_MS = 60_000;

export class RoomMembers {
  /** Lower-cased nickname → the member. */
  private readonly byName = new Map<string, { userId: string; nickname: string }>();
  private readonly nameOf = new Map<string, string>();
  /** The owner as D1 last said; undefined until read, and once forgotten (forgetOwner). */
  private ownerId: string | null | undefined = undefined;
  /** Counts forgettings: a read begun before one must not bring the old owner back. */
  private ownerEpoch = 0;
  /** A private conversation's two people (rooms.direct_pair); null in an ordinary room. */
  private pair: string[] | null = null;
  private loading: Promise<void> | null = null;
  private loadedAt = 0;
  /** Whether D1's members were read in this object's life. */
  private known = false;
  /** Verbs waiting for that read, in the order they came (null: none waits). */
  private waiting: (() => void)[] | null = null;
  /** Who was removed while D1 answered: its answer, older than the removal, names them still. */
  private removedDuringRead: Set<string> | null = null;

  constructor(
    private readonly db: () => D1Database,
    private readonly roomId: () => string,
  ) {}

  /**
   * Starts reading D1 (at most once a minute: a member who joined through the API and has not
   * connected since is known by the next read); what the room learned meanwhile wins over what
   * it reads.
   */
  load(): Promise<void> {
    if (this.loading && Date.now() - this.loadedAt > RELOAD_AFTER_MS) this.loading = null;
    this.loading ??= this.read().catch((error: unknown) => {
      this.loading = null; // asked again by the next join
      console.error('[room-members] not read', error);
    });
    return this.loading;
  }

  private async read() {
    this.loadedAt = Date.now();
    const roomId = this.roomId();
    const removed = (this.removedDuringRead = new Set<string>());
    const epoch = this.ownerEpoch;
    const [members, room] = await this.db().batch<{
      user_id?: string;
      nickname?: string;
      created_by?: string | null;
      direct_pair?: string | null;
    }>([
      this.db().prepare('SELECT user_id, nickname FROM memberships WHERE room_id = ?').bind(roomId),
      this.db().prepare('SELECT created_by, direct_pair FROM rooms WHERE room_id = ?').bind(roomId),
    ]);
    if (this.removedDuringRead === removed) this.removedDuringRead = null;
    for (const { user_id: userId, nickname } of members?.results ?? []) {
      if (!userId || !nickname || this.nameOf.has(userId) || removed.has(userId)) continue;
      // A nickname the room heard someone take meanwhile is theirs now.
      if (!this.byName.has(nickname.toLowerCase())) this.set(userId, nickname);
    }
    if (this.ownerEpoch === epoch) this.ownerId = room?.results[0]?.created_by ?? null;
    this.pair = room?.results[0]?.direct_pair?.split(':') ?? null;
    this.known = true;
  }

  /**
   * Whether a verb must wait for the members before it runs: it may mention someone and D1 was
   * not read in this life, or another verb already waits (what came after it must not pass it).
   */
  mustWait(mayMention: boolean): boolean {
    return this.waiting !== null || (mayMention && !this.known);
  }

  /** Runs `then` once D1 has answered (or failed: what is known stands), after those before. */
  afterRead(then: () => void) {
    if (this.waiting) {
      this.waiting.push(then);
      return;
    }
    this.waiting = [then];
    void this.load().then(() => {
      const waiting = this.waiting ?? [];
      this.waiting = null;
      for (const run of waiting) {
        try {
          run();
        } catch (error) {
          console.error('[room-members] a waiting verb failed', error);
        }
      }
    });
  }

  /** The member a nickname (any case) names: their nickname as the room knows it. */
  find(typed: string): string | undefined {
    return this.byName.get(typed.toLowerCase())?.nickname;
  }

  userIdOf(nickname: string): string | undefined {
    return this.byName.get(nickname.toLowerCase())?.userId;
  }

  /** A member joined or took another nickname. */
  set(userId: string, nickname: string) {
    this.forgetName(userId);
    this.nameOf.set(userId, nickname);
    this.byName.set(nickname.toLowerCase(), { userId, nickname });
  }

  remove(userId: string) {
    this.forgetName(userId);
    this.nameOf.delete(userId);
    this.removedDuringRead?.add(userId);
  }

  /**
   * The person's old nickname names them no more, unless someone else holds it already: two
   * renames' calls may arrive in either order, and the one who took the nickname keeps it.
   */
  private forgetName(userId: string) {
    const old = this.nameOf.get(userId)?.toLowerCase();
    if (old !== undefined && this.byName.get(old)?.userId === userId) this.byName.delete(old);
  }

  async isOwner(userId: string): Promise<boolean> {
    await this.load();
    if (this.ownerId === undefined) await this.readOwner();
    return this.ownerId === userId;
  }

  /**
   * The room has another owner (ChatRoom.ownerChanged): the next isOwner reads D1 again, so the
   * old owner loses the power to delete any message and the new one gains it at once. Read
   * again rather than told: two hand-overs' calls may arrive in either order.
   */
  forgetOwner() {
    this.ownerId = undefined;
    this.ownerEpoch += 1;
  }

  private async readOwner() {
    const epoch = this.ownerEpoch;
    try {
      const room = await this.db()
        .prepare('SELECT created_by FROM rooms WHERE room_id = ?')
        .bind(this.roomId())
        .first<{ created_by: string | null }>();
      if (this.ownerEpoch === epoch) this.ownerId = room?.created_by ?? null;
    } catch (error) {
      console.error('[room-members] owner not read', error); // nobody is the owner meanwhile
    }
  }

  /** Whether this is a private conversation and `userId` one of its two people. */
  async isInPair(userId: string): Promise<boolean> {
    await this.load();
    return this.pair?.includes(userId) ?? false;
  }
}
