/**
 * Each person's uploads in any 24 hours: at most 50 files and 100 MB together, across rooms.
 * Enough for an evening of holiday photos; a script filling R2 stops there. Counted on
 * `uploads_counted`, a row per upload, by one conditional INSERT, which D1 runs atomically:
 * uploads racing for the last place cannot both get it. The file's row is written in the same
 * batch (one transaction) only if that row was. Deleting a file (with its message or its room)
 * gives no place back: counted from the files themselves, an upload, send and delete loop
 * stored without end. Only an upload that failed on our side (store-upload.ts) is given back.
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
  const [counted] = await db.batch([
    db
      .prepare(
        `INSERT INTO uploads_counted (file_id, uploader_id, size, created_at)
         SELECT ?1, ?2, ?3, ?4
         WHERE (SELECT COUNT(*) < ?6 AND COALESCE(SUM(size), 0) + ?3 <= ?7
                FROM uploads_counted WHERE uploader_id = ?2 AND created_at > ?5)
         RETURNING id`,
      )
      .bind(
        upload.id,
        upload.uploaderId,
        upload.size,
        upload.createdAt,
        upload.createdAt - DAY_MS,
        UPLOADS_PER_DAY,
        UPLOAD_BYTES_PER_DAY,
      ),
    db
      .prepare(
        `INSERT INTO files (id, room_id, uploader_id, name, size, type, width, height, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
         WHERE EXISTS (SELECT 1 FROM uploads_counted WHERE file_id = ?1)`,
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
      ),
  ]);
  return (counted?.results.length ?? 0) > 0;
}

/** Gives an upload's place back: only for one that failed on our side, never a deletion. */
export function uncount(db: D1Database, fileId: string) {
  return db.prepare('DELETE FROM uploads_counted WHERE file_id = ?').bind(fileId).run();
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
      `SELECT created_at, size FROM uploads_counted WHERE uploader_id = ? AND created_at > ?
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
