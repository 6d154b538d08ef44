/**
 * A room's two member lists, a page at a time: the owner's (GET /api/rooms/:roomId/members) and
 * the nicknames '@' completes (GET /api/rooms/:roomId/nicknames). Both walk the room's members
 * in the order they joined, by (joined_at, id) on memberships_room_joined_idx, from the cursor
 * of the page before (lib/keyset-page.ts): joined_at alone ties, and membership ids are random. A
 * member who joins between two pages comes at the end, one who leaves is simply not there, and
 * nobody else is skipped or shown twice.
 */
import { and, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { MEMBER_PAGE_SIZE } from '../../contract/rooms';
import type { Db } from '../db/client';
import { memberships, users } from '../db/schema';
import { keysetPage, pastCursor } from '../lib/keyset-page';
import { foldedSql, searchText } from '../lib/search-text';
import { nicknameKey } from './room-queries';

/** Past every character: a bound above each nickname key that starts with a prefix. */
const LAST_CHARACTER = '\u{10FFFF}';

interface PageQuery {
  q?: string;
  after?: string;
}

/** The room's members in join order: memberships_room_joined_idx. */
const joinOrder = { time: memberships.joinedAt, id: memberships.id };

/** The room's members after the cursor's position, if there is one. */
function inRoomAfter(roomId: string, after: string | undefined, scope: string) {
  return and(eq(memberships.roomId, roomId), pastCursor(joinOrder, after, scope));
}

/** The page (one row more was asked for), and the cursor past its last row if more follow. */
function pageOf<T extends { joinedAt: number; id: string }>(rows: T[], scope: string) {
  return keysetPage(rows, MEMBER_PAGE_SIZE, scope, ({ joinedAt, id }) => ({
    createdAt: joinedAt,
    id,
  }));
}

/** The folded search text anywhere in the column (as the admin lists match). */
function contains(column: AnySQLiteColumn, folded: string) {
  return sql`instr(${foldedSql(column)}, ${folded}) > 0`;
}

/**
 * One page of the owner's list. A search reads the room's members in join order until the page
 * is full, so a rare match in a big room reads the room: bounded by the room, and asked for only
 * by its owner or an administrator.
 */
export async function memberPage(db: Db, roomId: string, { q, after }: PageQuery) {
  const scope = `members ${roomId} ${q ?? ''}`;
  const folded = q ? searchText(q) : '';
  const search = folded
    ? or(contains(memberships.nicknameKey, folded), contains(users.email, folded))
    : undefined;
  const rows = await db
    .select({
      id: memberships.id,
      joinedAt: memberships.joinedAt,
      nickname: memberships.nickname,
      userId: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      role: users.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inRoomAfter(roomId, after, scope), search))
    .orderBy(memberships.joinedAt, memberships.id)
    .limit(MEMBER_PAGE_SIZE + 1);
  return pageOf(rows, scope);
}

/** One page of the room's nicknames in join order. */
export async function nicknamePage(db: Db, roomId: string, after: string | undefined) {
  const scope = `nicknames ${roomId}`;
  const rows = await db
    .select({ id: memberships.id, joinedAt: memberships.joinedAt, nickname: memberships.nickname })
    .from(memberships)
    .where(inRoomAfter(roomId, after, scope))
    .orderBy(memberships.joinedAt, memberships.id)
    .limit(MEMBER_PAGE_SIZE + 1);
  const { page, nextAfter } = pageOf(rows, scope);
  return { nicknames: page.map((row) => row.nickname), nextAfter };
}

/**
 * The nicknames that start with `prefix`, whatever the case, alphabetically: a range of
 * memberships_room_nickname_idx, however big the room. Not paged: '@' shows a few, and a longer
 * prefix narrows them.
 */
export async function nicknamesStartingWith(db: Db, roomId: string, prefix: string) {
  const key = nicknameKey(prefix);
  const rows = await db
    .select({ nickname: memberships.nickname })
    .from(memberships)
    .where(
      and(
        eq(memberships.roomId, roomId),
        gte(memberships.nicknameKey, key),
        lt(memberships.nicknameKey, key + LAST_CHARACTER),
      ),
    )
    .orderBy(memberships.nicknameKey)
    .limit(MEMBER_PAGE_SIZE);
  return rows.map((row) => row.nickname);
}
