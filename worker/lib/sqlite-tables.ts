/** A column a table gained after rooms were made with it: its name and its SQL type. */
export type AddedColumn = readonly [name: string, type: string];

/**
 * Makes a table in a Durable Object's SQLite storage unless it is there, and gives one made
 * before them the columns in `added` (a room made earlier, on its next start). SQLite counts
 * `CREATE TABLE IF NOT EXISTS` as a write even when the table exists, and the runtime ends
 * every event that wrote in a commit: objects that ran it on each wake made every wake a
 * commit (a connect storm wakes a hundred rooms at once). Looking first is one read.
 */
export function ensureTable(
  sql: SqlStorage,
  name: string,
  columns: string,
  added: readonly AddedColumn[] = [],
) {
  const present = columnsOf(sql, name);
  if (present.size > 0) return addMissing(sql, name, present, added);
  sql.exec(`CREATE TABLE IF NOT EXISTS ${name} (${columns})`);
}

/** Gives `table` the columns in `added` it lacks, after one read of its layout. */
export function ensureColumns(sql: SqlStorage, table: string, added: readonly AddedColumn[]) {
  addMissing(sql, table, columnsOf(sql, table), added);
}

function columnsOf(sql: SqlStorage, table: string): Set<string> {
  if (!/^\w+$/.test(table)) throw new Error(`not a table name: ${table}`);
  const rows = sql.exec<{ name: string }>(`PRAGMA table_info(${table})`).toArray();
  return new Set(rows.map((row) => row.name));
}

function addMissing(
  sql: SqlStorage,
  table: string,
  present: Set<string>,
  added: readonly AddedColumn[],
) {
  for (const [column, type] of added) {
    if (!/^\w+$/.test(column)) throw new Error(`not a column name: ${column}`);
    if (!present.has(column)) sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
  }
}
