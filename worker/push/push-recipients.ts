/**
 * Who gets a push for a room's new messages, and for which message (docs/push.md): members with
 * a subscription, not joined to the room at the flush, not banned, whose notification level
 * (contract/notifications.ts) allows it. 'all': their newest message from someone else;
 * 'mentions': the newest that mentions them or replies to them; 'off': nothing. The author of
 * a message is never pushed it. One D1 statement, whatever the room's size.
 */
import { effectiveNotificationLevel, NOTIFY_ALL_MAX_MEMBERS } from '../../contract/notifications';
import type { Delivery, RoomPushMessage } from './push-messages';

/** Subscriptions read per room message at most (a member has up to 10). */
const ROWS_MAX = 5000;

interface Row {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  chosen: string | null;
  members: number;
}

export async function pushRecipients(db: D1Database, room: RoomPushMessage): Promise<Delivery[]> {
  const mentions = new Map(room.mentions);
  const replies = new Map(room.replies);
  const marked = [...new Set([...mentions.keys(), ...replies.keys()])];
  // 'mentions' members (chosen, or by the room's size) are read only when marked; 'off' never.
  const { results } = await db
    .prepare(
      `WITH room AS (SELECT COUNT(*) AS members FROM memberships WHERE room_id = ?1)
       SELECT s.id, s.user_id, s.endpoint, s.p256dh, s.auth, m.notification_level AS chosen,
         room.members
       FROM room, memberships m JOIN push_subscriptions s ON s.user_id = m.user_id
       WHERE m.room_id = ?1
         AND (m.notification_level = 'all'
           OR (m.notification_level IS NULL AND room.members <= ?4)
           OR (COALESCE(m.notification_level, 'mentions') = 'mentions'
             AND m.user_id IN (SELECT value FROM json_each(?3))))
         AND m.user_id NOT IN (SELECT value FROM json_each(?2))
         AND NOT EXISTS (SELECT 1 FROM room_bans b WHERE b.room_id = ?1 AND b.user_id = m.user_id)
       LIMIT ?5`,
    )
    .bind(
      room.roomId,
      JSON.stringify(room.joined),
      JSON.stringify(marked),
      NOTIFY_ALL_MAX_MEMBERS,
      ROWS_MAX,
    )
    .all<Row>();
  const deliveries: Delivery[] = [];
  for (const row of results) {
    const level = effectiveNotificationLevel(row.chosen, row.members);
    if (level === 'off') continue;
    const mark = Math.max(mentions.get(row.user_id) ?? 0, replies.get(row.user_id) ?? 0);
    const fromOthers =
      level === 'all' ? (room.latest.find((m) => m.authorId !== row.user_id)?.id ?? 0) : 0;
    const messageId = Math.max(mark, fromOthers);
    if (messageId === 0) continue;
    deliveries.push({
      subscriptionId: row.id,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      messageId,
      urgent: mark === messageId,
    });
  }
  return deliveries;
}
