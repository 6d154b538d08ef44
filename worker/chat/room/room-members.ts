/**
 * Who the room's members are, by nickname, and who owns the room: for mentions (an `@nickname`
 * names a member, online or not) and for deletions (the owner may delete any message). Read
 * from D1 once in the object's life, at the first join or the first need, and kept current by
 * the joins, renames and kicks the room hears of. Until D1 has answered, the nicknames of those
 * who joined are known.
 */
/** How old the members read from D1 may grow before a join reads them again. */
const RELOAD_AFTER_MS = 60_000;

export class RoomMembers {
  /** Lower-cased nickname → the member. */
  private readonly byName = new Map<string, { userId: string; nickname: string }>();
  private readonly nameOf = new Map<string, string>();
  private ownerId: string | null = null;
  private loading: Promise<void> | null = null;
  private loadedAt = 0;

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
    const [members, room] = await this.db().batch<{
      user_id?: string;
      nickname?: string;
      created_by?: string | null;
    }>([
      this.db().prepare('SELECT user_id, nickname FROM memberships WHERE room_id = ?').bind(roomId),
      this.db().prepare('SELECT created_by FROM rooms WHERE room_id = ?').bind(roomId),
    ]);
    for (const row of members?.results ?? []) {
      if (row.user_id && row.nickname && !this.nameOf.has(row.user_id)) {
        this.set(row.user_id, row.nickname);
      }
    }
    this.ownerId = room?.results[0]?.created_by ?? null;
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
    const old = this.nameOf.get(userId);
    if (old !== undefined) this.byName.delete(old.toLowerCase());
    this.nameOf.set(userId, nickname);
    this.byName.set(nickname.toLowerCase(), { userId, nickname });
  }

  remove(userId: string) {
    const old = this.nameOf.get(userId);
    if (old !== undefined) this.byName.delete(old.toLowerCase());
    this.nameOf.delete(userId);
  }

  async isOwner(userId: string): Promise<boolean> {
    await this.load();
    return this.ownerId === userId;
  }
}
