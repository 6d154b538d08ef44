/**
 * Files going for good: their objects deleted from R2 (not just unlinked from a message) and
 * their rows from D1, objects first, so no row is left naming bytes that are gone unseen. Every
 * loop works in bounded batches: R2 deletes at most 1,000 keys a call, and D1 takes the ids as
 * one JSON parameter (a statement binds at most 100).
 */
import { fileKey, roomPrefix } from './file-key';

/** Keys per R2 delete (its limit), and rows per batch. */
const BATCH = 1000;
/** A room's objects are listed and deleted at most this many batches in one request. */
const ROOM_BATCHES = 100;

interface FileRef {
  id: string;
  room_id: string;
}

async function removeBatch(env: Env, rows: FileRef[]) {
  if (rows.length === 0) return;
  await env.FILES.delete(rows.map((row) => fileKey(row.room_id, row.id)));
  await env.DB.prepare('DELETE FROM files WHERE id IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify(rows.map((row) => row.id)))
    .run();
}

/** Removes the rows `select` picks (at most BATCH at a time) until it picks none, or `rounds`. */
async function removeWhile(env: Env, select: D1PreparedStatement, rounds: number) {
  let removed = 0;
  for (let round = 0; round < rounds; round++) {
    const { results } = await select.all<FileRef>();
    await removeBatch(env, results);
    removed += results.length;
    if (results.length < BATCH) break;
  }
  return removed;
}

/** Everything an account uploaded, in every room; called before the account's row goes. */
export function removeUploadsOf(env: Env, userId: string) {
  const select = env.DB.prepare(
    'SELECT id, room_id FROM files WHERE uploader_id = ? ORDER BY created_at LIMIT ?',
  ).bind(userId, BATCH);
  // An account uploads at most 50 files a day: a thousand batches is years of them.
  return removeWhile(env, select, 1000);
}

/**
 * Uploads never sent in a message and older than `before`, oldest first, at most `rounds`
 * batches (the hourly clean-up: what is left waits for the next hour).
 */
export function removeUnsentBefore(env: Env, before: number, rounds: number) {
  const select = env.DB.prepare(
    `SELECT id, room_id FROM files WHERE message_id IS NULL AND created_at < ?
     ORDER BY created_at LIMIT ?`,
  ).bind(before, BATCH);
  return removeWhile(env, select, rounds);
}

/**
 * Every object under a deleted room's prefix. Its rows went with the room (the foreign key
 * cascades); listing the bucket rather than reading them also finds an upload that was being
 * stored as the room went. Listed from the start each time, since each batch is deleted. Once
 * none is left, the room's `room_file_removals` row goes (written with the room's deletion);
 * while any is, the row stays for the hourly clean-up (removeLeftRoomObjects).
 */
export async function removeRoomObjects(env: Env, roomId: string) {
  for (let round = 0; round < ROOM_BATCHES; round++) {
    const { objects } = await env.FILES.list({ prefix: roomPrefix(roomId), limit: BATCH });
    if (objects.length === 0) {
      await env.DB.prepare('DELETE FROM room_file_removals WHERE room_id = ?').bind(roomId).run();
      return;
    }
    await env.FILES.delete(objects.map((object) => object.key));
  }
}

/** Deleted rooms per hourly run whose objects are finished (each up to ROOM_BATCHES batches). */
const LEFT_ROOMS_PER_RUN = 10;

/**
 * The hourly clean-up's share: deleted rooms whose objects are still in R2, oldest first. A
 * room that fails again waits for the next hour without holding up the others. A row whose
 * room D1 has is passed over: ids are random (never in practice), but a clean-up must never
 * empty a room that exists.
 */
export async function removeLeftRoomObjects(env: Env) {
  const { results } = await env.DB.prepare(
    `SELECT room_id FROM room_file_removals AS owed
     WHERE NOT EXISTS (SELECT 1 FROM rooms WHERE rooms.room_id = owed.room_id)
     ORDER BY created_at LIMIT ?`,
  )
    .bind(LEFT_ROOMS_PER_RUN)
    .all<{ room_id: string }>();
  const outcomes = await Promise.allSettled(
    results.map(({ room_id }) => removeRoomObjects(env, room_id)),
  );
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') console.error('removeLeftRoomObjects', outcome.reason);
  }
}
