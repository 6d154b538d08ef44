/**
 * One room as the caller sees it (contract RoomSummary), as GET /api/rooms lists them and
 * GET /api/rooms/:roomId answers one beyond the list's 200: one select and one shaping for
 * both, so the two never tell a room apart.
 */
import { eq, sql } from 'drizzle-orm';
import { effectiveNotificationLevel } from '../../contract/notifications';
import type { RoomSummary } from '../../contract/rooms';
import type { Db } from '../db/client';
import { memberships, rooms } from '../db/schema';
import { roomNameFor } from './direct-rooms';
import { toExcerpt } from './excerpt';
import { membersUpToDefaultChange } from './notification-levels';

/**
 * Messages after the member's read position: all from others, since sending moves the
 * sender's position (worker/chat/messages/read-positions.ts). Two columns the room's flush keeps, so
 * the list costs no count.
 */
export const unreadCount = sql<number>`max(0, ${rooms.lastMessageId} - ${memberships.lastReadId})`;
/** A message mentioning the member came after their read position (the same flush writes it). */
const unreadMentions = sql<number>`${memberships.lastMentionId} > ${memberships.lastReadId}`;

/**
 * The caller's memberships with their rooms, ready for a `where` (which must keep to the
 * caller's own memberships: the name and ownership are computed for `userId`).
 */
export function selectRoomSummaries(db: Db, userId: string) {
  return db
    .select({
      roomId: rooms.roomId,
      // A private conversation is named after the other person (direct-rooms.ts).
      name: roomNameFor(userId),
      direct: rooms.directPair,
      nickname: memberships.nickname,
      lastMessageHtml: rooms.lastMessageHtml,
      lastMessageId: rooms.lastMessageId,
      unreadCount: unreadCount,
      lastReadId: memberships.lastReadId,
      unreadMentions: unreadMentions,
      createdBy: rooms.createdBy,
      notificationLevel: memberships.notificationLevel,
      memberCount: membersUpToDefaultChange,
    })
    .from(memberships)
    .innerJoin(rooms, eq(rooms.roomId, memberships.roomId));
}

type RoomSummaryRow = Awaited<ReturnType<typeof selectRoomSummaries>>[number];

/** A row of selectRoomSummaries as the API answers it. */
export function toRoomSummary(row: RoomSummaryRow, userId: string): RoomSummary {
  return {
    _id: row.roomId,
    roomId: row.roomId,
    name: row.name,
    activeNickname: row.nickname,
    ...(row.lastMessageHtml ? { lastMessageExcerpt: toExcerpt(row.lastMessageHtml) } : {}),
    unreadCount: row.unreadCount,
    lastMessageId: row.lastMessageId,
    lastReadId: row.lastReadId,
    unreadMentions: Boolean(row.unreadMentions),
    isOwner: row.createdBy === userId,
    ...(row.direct !== null ? { direct: true as const } : {}),
    notificationLevel: effectiveNotificationLevel(row.notificationLevel, row.memberCount ?? 0),
    notificationLevelChosen: row.notificationLevel !== null,
  };
}
