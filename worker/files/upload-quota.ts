/**
 * Each person's uploads in any 24 hours: at most 50 files and 100 MB together, across rooms.
 * Enough for an evening of holiday photos; a script filling R2 stops there. Counted from the
 * files table itself, by the conditional INSERT that records the upload, which D1 runs
 * atomically: uploads racing for the last place cannot both get it. A file deleted (with its
 * message, its room or the account) no longer counts; what is stored is what is bounded.
 */
import type { UploadedFile } from '../../contract/files';

export const UPLOADS_PER_DAY = 50;
export const UPLOAD_BYTES_PER_DAY = 100 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

export const QUOTA_REACHED = `You have reached the upload limit (${UPLOADS_PER_DAY} files or 100 MB a day). Try again later.`;

export interface NewUpload extends UploadedFile {
  roomId: string;
  uploaderId: string;
  createdAt: number;
}

/**
 * Records the upload if the person's last 24 hours leave room for it: true if recorded. A room
 * or an account deleted meanwhile makes it throw (a foreign key).
 */
export async function recordWithinQuota(db: D1Database, upload: NewUpload): Promise<boolean> {
  const inserted = await db
    .prepare(
      `INSERT INTO files (id, room_id, uploader_id, name, size, type, width, height, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
       WHERE (SELECT COUNT(*) < ?11 AND COALESCE(SUM(size), 0) + ?5 <= ?12
              FROM files WHERE uploader_id = ?3 AND created_at > ?10)
       RETURNING id`,
    )
    .bind(
      upload.id,
      upload.roomId,
      upload.uploaderId,
      upload.name,
      upload.size,
      upload.type,
      upload.width ?? null,
      upload.height ?? null,
      upload.createdAt,
      upload.createdAt - DAY_MS,
      UPLOADS_PER_DAY,
      UPLOAD_BYTES_PER_DAY,
    )
    .first();
  return inserted !== null;
}

/**
 * Seconds until the person's uploads of the last 24 hours leave room for `size` more bytes:
 * 0 if they do now. Asked before the bytes go to R2, so that a person over the quota costs no
 * write there; the INSERT above still decides.
 */
export async function secondsUntilRoom(
  db: D1Database,
  uploaderId: string,
  size: number,
  now: number,
) {
  const { results } = await db
    .prepare(
      `SELECT created_at, size FROM files WHERE uploader_id = ? AND created_at > ?
       ORDER BY created_at LIMIT ?`,
    )
    .bind(uploaderId, now - DAY_MS, UPLOADS_PER_DAY)
    .all<{ created_at: number; size: number }>();
  let count = results.length;
  let bytes = results.reduce((sum, row) => sum + row.size, 0);
  let freesAt = now;
  for (const row of results) {
    if (count < UPLOADS_PER_DAY && bytes + size <= UPLOAD_BYTES_PER_DAY) break;
    count -= 1;
    bytes -= row.size;
    freesAt = row.created_at + DAY_MS;
  }
  return Math.ceil((freesAt - now) / 1000);
}
