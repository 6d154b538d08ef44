/**
 * The recovery store's tables in the object's SQLite storage: the broadcast log (by offset)
 * and the sessions (by private id). `orphaned` marks a session whose socket ended with the
 * runtime, found by the heartbeat after a restart (closeOrphans), rather than by a disconnect.
 */
const SESSIONS_LAYOUT = 'sio:sessionsLayout';
const LAYOUT = 2;

/**
 * Made once in the object's life, not on every wake (a hibernating room wakes often, and a
 * connect storm wakes a hundred rooms at once): the key records the layout made.
 */
export function createRecoveryTables(sql: SqlStorage, kv: SyncKvStorage) {
  if (kv.get(SESSIONS_LAYOUT) === LAYOUT) return;
  sql.exec(`CREATE TABLE IF NOT EXISTS sio_packets (
    offset INTEGER PRIMARY KEY, nsp TEXT NOT NULL, room TEXT NOT NULL,
    except_sids TEXT NOT NULL, frame TEXT NOT NULL, at INTEGER NOT NULL)`);
  sql.exec(`CREATE TABLE IF NOT EXISTS sio_sessions (
    pid TEXT PRIMARY KEY, nsp TEXT NOT NULL, sid TEXT NOT NULL, rooms TEXT NOT NULL,
    data TEXT NOT NULL, start_offset INTEGER NOT NULL, disconnected_at INTEGER,
    orphaned INTEGER NOT NULL DEFAULT 0)`);
  // Tables made before `orphaned` get it.
  const columns = sql.exec<{ name: string }>('PRAGMA table_info(sio_sessions)').toArray();
  if (!columns.some((column) => column.name === 'orphaned')) {
    sql.exec('ALTER TABLE sio_sessions ADD COLUMN orphaned INTEGER NOT NULL DEFAULT 0');
  }
  kv.put(SESSIONS_LAYOUT, LAYOUT);
}
