/**
 * Connection-state recovery, as socket.io 4.6+ does it, kept in the object's SQLite storage so
 * that it outlives hibernation and a restart of the runtime: each namespace connection has a
 * session (its private id, sid, rooms and data), and every broadcast is logged with its offset.
 * A client that comes back within the window with `{ pid, offset }` gets its session back and
 * the logged broadcasts after its offset that were meant for it, once.
 */
import type { NamespaceRecord } from './registry';
import { AliveClock, closeOrphans, lastAlive } from './alive-clock';
import { mergeLogs, type KeptEvents, type OffsetPacket } from './kept-events';
import { createRecoveryTables } from './recovery-tables';
import { REPLAY_MAX_FRAMES, replayFor } from './replay';

export { REPLAY_MAX_BYTES, REPLAY_MAX_FRAMES } from './replay';

export interface RestoredSession<Data> {
  sid: string;
  rooms: string[];
  data: Data;
  /** The missed frames, already encoded, oldest first. */
  frames: string[];
  /** Its socket ended with the runtime (a restart): no disconnect was ever handled for it. */
  missedDisconnect: boolean;
}

interface PendingSave<Data> {
  nsp: string;
  record: NamespaceRecord;
  data: Data;
  startOffset: number;
}

const PRUNED_UP_TO = 'sio:prunedUpTo';
const PRUNE_EVERY = 500;
/** The longest a saved session waits for its write (save()). */
const SAVE_DELAY_MS = 1000;

export class RecoveryStore<Data> {
  private lastOffset: number;
  private sinceLastPrune = 0;
  private readonly aliveClock: AliveClock;
  /** Sessions saved and not yet written, by pid (save()). */
  private readonly pending = new Map<string, PendingSave<Data>>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  /** When tidy() last closed orphans and pruned (0: not since this instance woke). */
  private tidiedAt = 0;
  /** The broadcasts of the main namespace that the server's storage keeps (kept-events.ts). */
  private kept: KeptEvents | null = null;

  constructor(
    private readonly sql: SqlStorage,
    private readonly kv: SyncKvStorage,
    private readonly maxDisconnection: number,
  ) {
    createRecoveryTables(sql, kv);
    this.aliveClock = new AliveClock(kv);
    const newest = sql
      .exec<{ o: number | null }>('SELECT MAX(offset) AS o FROM sio_packets')
      .one().o;
    this.lastOffset = Math.max(newest ?? 0, this.prunedUpTo());
  }

  /**
   * The alarm's round: the sessions saved meanwhile written, and at most once per `every` ms
   * (once per wake, then per ping interval, not on every alarm: a subclass may ring it every
   * second) the sessions orphaned by a restart closed (only a restart orphans them; a closed
   * socket ends its own session) and what is past the window pruned (restore checks the window
   * itself, and the log prunes every few hundred packets). Also when the last socket has gone,
   * or its log would wait for the next visitor.
   */
  tidy(every: number, nobodyLeft: boolean, live: { livePids(): string[] }, now = Date.now()) {
    this.flush();
    if (now - this.tidiedAt >= every || nobodyLeft) {
      this.tidiedAt = now;
      closeOrphans(this.sql, this.kv, live.livePids());
      this.prune(now);
    }
    if (!nobodyLeft) this.alive();
  }

  /**
   * From now on the main namespace's broadcasts are in `kept` as well as in the log: offsets go
   * on from the newest of either, and replays and pruning read both.
   */
  keepEventsIn(kept: KeptEvents) {
    this.kept = kept;
    this.lastOffset = Math.max(this.lastOffset, kept.newest() ?? 0);
  }

  private prunedUpTo(): number {
    return this.kv.get<number>(PRUNED_UP_TO) ?? 0;
  }

  /**
   * The next offset; `log` must follow with the frame that carries it, or, for a broadcast the
   * server keeps (broadcastStored), `noteBroadcast`.
   */
  nextOffset(): number {
    return ++this.lastOffset;
  }

  log(offset: number, nsp: string, room: string, exceptSids: string[], frame: string) {
    this.sql.exec(
      'INSERT INTO sio_packets (offset, nsp, room, except_sids, frame, at) VALUES (?, ?, ?, ?, ?, ?)',
      offset,
      nsp,
      room,
      exceptSids.length ? JSON.stringify(exceptSids) : '',
      frame,
      Date.now(),
    );
    this.noteBroadcast();
  }

  /** A broadcast went out with its offset, logged here (log) or kept by the server. */
  noteBroadcast() {
    // The sessions waiting for their write go in this broadcast's commit, at no extra cost.
    this.flush();
    if (++this.sinceLastPrune >= PRUNE_EVERY) this.prune();
  }

  /**
   * Saves (or refreshes) a live session, in a batch written soon after: an event that writes
   * storage ends in a commit that holds the object's frames (the output gate), and a commit is
   * an fsync on a local disk. A connection saves at CONNECT and again when its rooms change,
   * and a room that everyone reconnects to gets tens of connections a second, so the batch is
   * written by the next broadcast that is logged (its commit is made anyway) or after
   * SAVE_DELAY_MS, whichever comes first: a storm of joins costs a few commits, not two per
   * connection. Whatever reads or ends a session writes the batch first. The cost: a restart
   * within SAVE_DELAY_MS of a CONNECT, with no broadcast between, forgets that session, and its
   * client connects afresh as it would without recovery. The object's sockets are alive now,
   * too: a restart before the next heartbeat must not take the session for one that ended
   * long ago.
   */
  save(pid: string, nsp: string, record: NamespaceRecord, data: Data) {
    const start = this.pending.get(pid)?.startOffset ?? this.lastOffset;
    this.pending.set(pid, { nsp, record, data, startOffset: start });
    this.flushTimer ??= setTimeout(() => this.flush(), SAVE_DELAY_MS);
  }

  /** Writes the sessions saved since the last time (their state as it is now). */
  flush() {
    if (this.flushTimer !== null) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.pending.size === 0) return;
    this.alive();
    for (const [pid, { nsp, record, data, startOffset }] of this.pending) {
      this.sql.exec(
        `INSERT INTO sio_sessions (pid, nsp, sid, rooms, data, start_offset, disconnected_at)
         VALUES (?, ?, ?, ?, ?, ?, NULL)
         ON CONFLICT(pid) DO UPDATE SET rooms = excluded.rooms, data = excluded.data,
           disconnected_at = NULL, orphaned = 0`,
        pid,
        nsp,
        record.sid,
        JSON.stringify(record.rooms),
        JSON.stringify(data ?? null),
        startOffset,
      );
    }
    this.pending.clear();
  }

  disconnected(pid: string, at = Date.now()) {
    this.flush();
    this.sql.exec('UPDATE sio_sessions SET disconnected_at = ? WHERE pid = ?', at, pid);
  }

  forget(pid: string) {
    this.pending.delete(pid);
    this.sql.exec('DELETE FROM sio_sessions WHERE pid = ?', pid);
  }

  /**
   * Forgets every session and logged broadcast, for a server whose state is gone for good
   * (nobody is to resume it): the prune that would take them runs only while the object has
   * sockets or broadcasts, and such a server has neither again. No replay reaches back past now.
   */
  clear() {
    if (this.flushTimer !== null) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.pending.clear();
    this.sql.exec('DELETE FROM sio_sessions');
    this.sql.exec('DELETE FROM sio_packets');
    this.kv.put(PRUNED_UP_TO, this.lastOffset);
  }

  /** Forgets every session whose data matches (the table holds only the window's). */
  forgetWhere(match: (data: Data) => boolean) {
    this.flush();
    const sessions = this.sql
      .exec<{ pid: string; data: string }>('SELECT pid, data FROM sio_sessions')
      .toArray();
    for (const { pid, data } of sessions) if (match(JSON.parse(data) as Data)) this.forget(pid);
  }

  /** The heartbeat notes that the object's sockets were alive (a restart says nothing). */
  alive(now = Date.now()) {
    this.aliveClock.note(now);
  }

  /**
   * The session `pid` of `nsp`, if it ended within the window, every broadcast after `offset`
   * is still logged, and they are not more than a replay carries; null otherwise (the client
   * then connects afresh). The caller checks that no live socket holds the session.
   */
  restore(
    pid: string,
    nsp: string,
    offset: unknown,
    now = Date.now(),
  ): RestoredSession<Data> | null {
    this.flush();
    const row = this.sql
      .exec<{
        sid: string;
        rooms: string;
        data: string;
        start_offset: number;
        disconnected_at: number | null;
        orphaned: number;
      }>(
        'SELECT sid, rooms, data, start_offset, disconnected_at, orphaned FROM sio_sessions WHERE pid = ? AND nsp = ?',
        pid,
        nsp,
      )
      .toArray()[0];
    if (!row) return null;
    // A session whose socket died with the runtime was last known alive at the last heartbeat.
    const endedAt = row.disconnected_at ?? lastAlive(this.kv, now) ?? 0;
    if (endedAt + this.maxDisconnection < now) {
      this.forget(pid);
      return null;
    }
    const claimed = offset === undefined ? row.start_offset : Number(offset);
    if (!Number.isSafeInteger(claimed) || claimed > this.lastOffset) return null;
    // Nothing from before the session began was meant for it, whatever offset is claimed.
    const from = Math.max(claimed, row.start_offset);
    if (from < this.prunedUpTo()) return null;
    const rooms = JSON.parse(row.rooms) as string[];
    const sid = row.sid;
    const limit = REPLAY_MAX_FRAMES + 1;
    const logged = this.sql
      .exec<OffsetPacket>(
        'SELECT offset, room, except_sids, frame FROM sio_packets WHERE offset > ? AND nsp = ? ORDER BY offset LIMIT ?',
        from,
        nsp,
        limit,
      )
      .toArray();
    const kept = this.kept && nsp === '/' ? this.kept.after(from, limit) : [];
    const frames = replayFor(mergeLogs(logged, kept, limit), rooms, sid);
    const missedDisconnect = row.disconnected_at === null || row.orphaned === 1;
    return frames && { sid, rooms, data: JSON.parse(row.data) as Data, frames, missedDisconnect };
  }

  /** The newest offset of either log (null: neither holds one). */
  private lastLogged(): number | null {
    const own = this.sql
      .exec<{ o: number | null }>('SELECT MAX(offset) AS o FROM sio_packets')
      .one().o;
    return either(own, this.kept?.newest() ?? null, Math.max);
  }

  /**
   * The first offset of either log from `cutoff` on (null: both are older). Offsets and times
   * rise together: walking from the oldest stops at the first one kept, where a MAX over `at`
   * (no index) read the whole log on every alarm.
   */
  private firstSince(cutoff: number): number | null {
    const own =
      this.sql
        .exec<{ o: number }>(
          'SELECT offset AS o FROM sio_packets WHERE at >= ? ORDER BY offset LIMIT 1',
          cutoff,
        )
        .toArray()[0]?.o ?? null;
    return either(own, this.kept?.firstSince(cutoff, this.prunedUpTo()) ?? null, Math.min);
  }

  /**
   * Forgets broadcasts and sessions older than the window: the log's rows go, and no replay
   * reaches back past the first offset kept (the server's kept broadcasts stay, as its own).
   */
  prune(now = Date.now()) {
    this.flush();
    this.sinceLastPrune = 0;
    const cutoff = now - this.maxDisconnection;
    const first = this.firstSince(cutoff);
    const oldest = first !== null ? first - 1 : this.lastLogged();
    if (oldest !== null && oldest > this.prunedUpTo()) {
      this.sql.exec('DELETE FROM sio_packets WHERE offset <= ?', oldest);
      this.kv.put(PRUNED_UP_TO, oldest);
    }
    this.sql.exec('DELETE FROM sio_sessions WHERE disconnected_at < ?', cutoff);
  }
}

/** `pick` of two offsets, either of which may be missing (null: both are). */
function either(a: number | null, b: number | null, pick: (a: number, b: number) => number) {
  return a === null || b === null ? (a ?? b) : pick(a, b);
}
