/**
 * Makes a table in a Durable Object's SQLite storage unless it is there. SQLite counts
 * `CREATE TABLE IF NOT EXISTS` as a write even when the table exists, and the runtime ends
 * every event that wrote in a commit: objects that ran it on each wake made every wake a
 * commit (a connect storm wakes a hundred rooms at once). Looking first is only a read.
 */
export function ensureTable(sql: SqlStorage, name: string, columns: string) {
  if (!/^\w+$/.test(name)) throw new Error(`not a table name: ${name}`);
  if (sql.exec(`PRAGMA table_info(${name})`).toArray().length > 0) return;
  sql.exec(`CREATE TABLE IF NOT EXISTS ${name} (${columns})`);
}
