/**
 * GET /api/admin/users and /api/admin/rooms: newest first, a page at a time, with a search.
 * Paging walks the (created_at, id) indexes. A search matches anywhere in the text, which no
 * index serves: it reads rows until the page is full, so a rare match can read the table.
 * That is acceptable for a dashboard a few people use, and the answers stay bounded.
 */
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';
import {
  ADMIN_PAGE_DEFAULT,
  adminListQuery,
  type AdminRoom,
  type AdminRoomsPage,
  type AdminUser,
  type AdminUsersPage,
} from '../../contract/admin';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/client';
import { rooms, users } from '../db/schema';
import { validateQuery } from '../http/validate-query';
import { foldedSql, searchText } from '../lib/search-text';
import { readCounters } from '../db/counters';
import { keysetPage, pastCursor } from '../lib/keyset-page';

const validateListQuery = validateQuery(adminListQuery);

/**
 * The folded search text (lib/search-text.ts) anywhere in the column's text, which is stored
 * folded or (nicknames) ASCII, so lower() finishes the job. instr, not LIKE: D1 refuses LIKE
 * patterns over 50 bytes, and the search needs no wildcards of its own.
 */
function contains(column: AnySQLiteColumn | SQL, folded: string) {
  return sql`instr(${foldedSql(column)}, ${folded}) > 0`;
}

/** Newest first, on the (created_at, id) indexes. */
const newestUsers = { time: users.createdAt, id: users.id, descending: true };
const newestRooms = { time: rooms.createdAt, id: rooms.roomId, descending: true };

async function countWhere(db: Db, table: typeof users | typeof rooms, where: SQL | undefined) {
  const [row] = await db
    .select({ n: sql<number>`COUNT(*)` })
    .from(table)
    .where(where);
  return row?.n ?? 0;
}

export const adminLists = new Hono<AppEnv>()
  .get('/users', validateListQuery, async (c) => {
    const { q, cursor, limit = ADMIN_PAGE_DEFAULT } = c.req.valid('query');
    const db = c.var.db;
    const scope = `users ${q ?? ''}`;
    const folded = q && searchText(q);
    const search = folded
      ? or(contains(users.email, folded), contains(users.nickname, folded))
      : undefined;
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(users)
        .where(and(search, pastCursor(newestUsers, cursor, scope)))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit + 1),
      search ? countWhere(db, users, search) : readCounters(db).then((stats) => stats.users),
    ]);
    const { page, nextAfter } = keysetPage(rows, limit, scope, (user) => user);
    const list: AdminUser[] = page.map((user) => ({
      id: user.id,
      _id: user.id,
      email: user.email,
      emailVerified: user.emailVerifiedAt !== null,
      role: user.role,
      nickname: user.nickname,
      createdAt: user.createdAt,
    }));
    return c.json({ users: list, nextCursor: nextAfter ?? null, total } satisfies AdminUsersPage);
  })
  .get('/rooms', validateListQuery, async (c) => {
    const { q, cursor, limit = ADMIN_PAGE_DEFAULT } = c.req.valid('query');
    const db = c.var.db;
    const scope = `rooms ${q ?? ''}`;
    // A room written before its search name was kept is folded here (ASCII only).
    const searchName = sql`coalesce(${rooms.searchName}, ${rooms.name})`;
    const search = q ? or(eq(rooms.roomId, q), contains(searchName, searchText(q))) : undefined;
    // Private conversations are counted in the total but never listed: an administrator neither
    // joins nor reads them (docs/direct-messages.md).
    const listed = isNull(rooms.directPair);
    const [rows, total] = await Promise.all([
      db
        .select({ room: rooms, creatorEmail: users.email })
        .from(rooms)
        .leftJoin(users, eq(users.id, rooms.createdBy))
        .where(and(listed, search, pastCursor(newestRooms, cursor, scope)))
        .orderBy(desc(rooms.createdAt), desc(rooms.roomId))
        .limit(limit + 1),
      search
        ? countWhere(db, rooms, and(listed, search))
        : readCounters(db).then((stats) => stats.rooms),
    ]);
    const positionOf = ({ room }: (typeof rows)[number]) => ({
      createdAt: room.createdAt,
      id: room.roomId,
    });
    const { page, nextAfter } = keysetPage(rows, limit, scope, positionOf);
    const list: AdminRoom[] = page.map(({ room, creatorEmail }) => ({
      _id: room.roomId,
      roomId: room.roomId,
      name: room.name,
      createdBy:
        room.createdBy && creatorEmail
          ? { id: room.createdBy, _id: room.createdBy, email: creatorEmail }
          : null,
      createdAt: room.createdAt,
    }));
    return c.json({ rooms: list, nextCursor: nextAfter ?? null, total } satisfies AdminRoomsPage);
  });
