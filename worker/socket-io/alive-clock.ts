/**
 * When the object's sockets were last known alive. A restart of the runtime ends every socket
 * without a disconnect, so the sessions it left behind are taken to have ended at the last
 * heartbeat that saw them (closeOrphans), and their recovery window runs from there.
 */
const ALIVE_AT = 'sio:aliveAt';
/**
 * The "alive" time is written at most this often (not on every heartbeat and every session
 * save, each a row written), and read as up to this much later than written, so a socket
 * orphaned by a restart never loses window for it (it may gain up to this much; what it may
 * replay is still bounded by the log, which keeps only the window's broadcasts).
 */
const ALIVE_REFRESH_MS = 100_000;

/** When the sockets were last known alive, at the latest (undefined: never noted). */
export function lastAlive(kv: SyncKvStorage, now: number): number | undefined {
  const noted = kv.get<number>(ALIVE_AT);
  return noted === undefined ? undefined : Math.min(now, noted + ALIVE_REFRESH_MS);
}

export class AliveClock {
  private notedAt: number | null = null;

  constructor(private readonly kv: SyncKvStorage) {}

  /** Notes that the object's sockets are alive now (written at most every ALIVE_REFRESH_MS). */
  note(now = Date.now()) {
    if (this.notedAt !== null && now - this.notedAt < ALIVE_REFRESH_MS) return;
    const noted = this.kv.get<number>(ALIVE_AT);
    if (noted !== undefined && noted <= now && now - noted < ALIVE_REFRESH_MS) {
      this.notedAt = noted;
      return;
    }
    this.kv.put(ALIVE_AT, now);
    this.notedAt = now;
  }
}

/** Sessions left without a socket by a restart end at the last heartbeat that saw them. */
export function closeOrphans(sql: SqlStorage, kv: SyncKvStorage, livePids: string[]) {
  const now = Date.now();
  const aliveAt = lastAlive(kv, now) ?? now;
  sql.exec(
    `UPDATE sio_sessions SET disconnected_at = ?, orphaned = 1
     WHERE disconnected_at IS NULL AND pid NOT IN (SELECT value FROM json_each(?))`,
    aliveAt,
    JSON.stringify(livePids),
  );
}
