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

/**
 * Adds a column to a table made before it (a room made before the column, on its next start).
 * Only a read when it is there, as above.
 */
export function ensureColumn(sql: SqlStorage, table: string, column: string, type: string) {
  if (!/^\w+$/.test(table) || !/^\w+$/.test(column)) throw new Error(`not a name: ${column}`);
  const columns = sql.exec<{ name: string }>(`PRAGMA table_info(${table})`).toArray();
  if (columns.some(({ name }) => name === column)) return;
  sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
}
