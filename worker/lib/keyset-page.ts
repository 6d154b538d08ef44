/**
 * The two halves of a keyset page (lib/cursor.ts) that every paged list shares: the rows past
 * the cursor's position, and the page with the cursor past its last row. A list orders by a
 * time and an id (the time alone ties), ascending or, newest first, descending.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { decodeCursor, encodeCursor, type Position } from './cursor';

interface KeysetOrder {
  time: AnySQLiteColumn;
  id: AnySQLiteColumn;
  /** Newest first: the rows before the position rather than after it. */
  descending?: boolean;
}

/**
 * The rows strictly past the cursor's position in the list's order, or none: a row value, which
 * an index on (…, time, id) serves as a range. A cursor made for another scope is a 400.
 */
export function pastCursor(
  { time, id, descending = false }: KeysetOrder,
  cursor: string | undefined,
  scope: string,
): SQL | undefined {
  if (!cursor) return undefined;
  const { createdAt, id: lastId } = decodeCursor(cursor, scope);
  return descending
    ? sql`(${time}, ${id}) < (${createdAt}, ${lastId})`
    : sql`(${time}, ${id}) > (${createdAt}, ${lastId})`;
}

/**
 * The page out of `rows`, which asked for one row more than `size` to learn whether more
 * follow, and the cursor past its last row if they do.
 */
export function keysetPage<T>(
  rows: T[],
  size: number,
  scope: string,
  positionOf: (row: T) => Position,
) {
  if (rows.length <= size) return { page: rows, nextAfter: undefined };
  const page = rows.slice(0, size);
  return { page, nextAfter: encodeCursor(positionOf(page.at(-1)!), scope) };
}
