import type { MessageStore } from './message-store';

/**
 * Copies the room's last message and count to D1 for the room list and the admin stats. Called
 * from the alarm, so a busy room writes D1 about once a second, never once per message.
 */
export async function flushRoomSummary(
  db: D1Database,
  kv: SyncKvStorage,
  store: MessageStore,
  roomId: string,
) {
  const latest = store.latest();
  if (!latest || !roomId || kv.get<number>('flushedId') === latest.id) return;
  // Ids are never reused, so the newest id counts every message ever sent, trimmed or not.
  await db
    .prepare(
      'UPDATE rooms SET last_message_html = ?, last_message_at = ?, message_count = ? WHERE room_id = ?',
    )
    .bind(latest.text, latest.createdAt, latest.id, roomId)
    .run();
  kv.put('flushedId', latest.id);
}
