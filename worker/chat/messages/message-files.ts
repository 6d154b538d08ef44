/**
 * Files in the room object: the uploads its members made (told by the upload route through
 * `fileUploaded`, kept in the object's SQLite), which a `sendMessage` may name by id once —
 * the sender's own, to this room, not sent yet and not older than UPLOAD_UNSENT_MAX_MS — and
 * the deletion of a message's files from R2 and D1 when the message goes. The bytes are R2's
 * under `rooms/<roomId>/<fileId>`; the upload route and the hourly clean-up own the rest.
 */
import {
  fileUrl,
  UPLOAD_REMOVED_AFTER_MS,
  UPLOAD_UNSENT_MAX_MS,
  type MessageFile,
  type UploadedFile,
} from '../../../contract/files';
import { refused, type Refused } from '../../../contract/realtime';
import { fileKey } from '../../files/file-key';
import { ensureTable } from '../../lib/sqlite-tables';

/** What the upload route tells the room of a new upload. */
export interface RoomUpload extends UploadedFile {
  uploaderId: string;
  createdAt: number;
}

const NOT_AN_UPLOAD = refused(
  'file_not_found',
  'That file is not one of your uploads to this room, or it was sent already',
);

const IDS_PER_STATEMENT = 90;
/** Files removed per round: R2 deletes at most 1,000 keys a call. */
const REMOVALS_PER_ROUND = 1000;

export class MessageFiles {
  /** Named by a send still on its way to storage: no second send may take them. */
  private readonly reserved = new Set<string>();
  /**
   * Sent and not yet in D1's rows: file id → message id, for the summary flush. Kept in SQLite
   * too (`d1_pending`), and read back when the object starts: a file D1 never heard was sent is
   * one the hourly clean-up deletes as never sent, from a message that still shows it.
   */
  private sent: Map<string, number>;
  /** Files marked for removal that are not gone yet (finishRemovals). */
  removalsOwed = false;

  constructor(
    private readonly sql: SqlStorage,
    private readonly bucket: () => R2Bucket,
    private readonly db: () => D1Database,
    private readonly roomId: () => string,
  ) {
    ensureTable(
      sql,
      'uploads',
      `id TEXT PRIMARY KEY, uploader_id TEXT NOT NULL, name TEXT NOT NULL, size INTEGER NOT NULL,
       type TEXT NOT NULL, width INTEGER, height INTEGER, created_at INTEGER NOT NULL,
       message_id INTEGER, d1_pending INTEGER NOT NULL DEFAULT 0,
       removing INTEGER NOT NULL DEFAULT 0`,
      [
        ['d1_pending', 'INTEGER NOT NULL DEFAULT 0'],
        ['removing', 'INTEGER NOT NULL DEFAULT 0'],
      ],
    );
    // One read at start for both marks: a wake costs no more statements than before.
    const marked = sql
      .exec<{ id: string; message_id: number; removing: number }>(
        'SELECT id, message_id, removing FROM uploads WHERE d1_pending = 1 OR removing = 1',
      )
      .toArray();
    this.sent = new Map(
      marked.filter((row) => row.removing === 0).map((row) => [row.id, row.message_id]),
    );
    this.removalsOwed = marked.some((row) => row.removing === 1);
  }

  uploaded(upload: RoomUpload) {
    const { id, uploaderId, name, size, type, width, height, createdAt } = upload;
    // Uploads never sent are past sending long before the hourly clean-up takes their bytes;
    // their rows here go too, or every upload would stay in the room's storage for good.
    this.sql.exec(
      'DELETE FROM uploads WHERE message_id IS NULL AND created_at < ? AND removing = 0',
      Date.now() - UPLOAD_REMOVED_AFTER_MS,
    );
    this.sql.exec(
      `INSERT OR IGNORE INTO uploads (id, uploader_id, name, size, type, width, height, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      uploaderId,
      name,
      size,
      type,
      width ?? null,
      height ?? null,
      createdAt,
    );
  }

  /** The files a send names, reserved for it; or the refusal. */
  take(ids: string[], userId: string): MessageFile[] | Refused {
    if (new Set(ids).size !== ids.length) return NOT_AN_UPLOAD;
    const oldest = Date.now() - UPLOAD_UNSENT_MAX_MS;
    const files: MessageFile[] = [];
    for (const id of ids) {
      const row = this.sql
        .exec<{
          name: string;
          size: number;
          type: string;
          width: number | null;
          height: number | null;
        }>(
          `SELECT name, size, type, width, height FROM uploads
           WHERE id = ? AND uploader_id = ? AND message_id IS NULL AND created_at >= ?`,
          id,
          userId,
          oldest,
        )
        .toArray()[0];
      if (!row || this.reserved.has(id)) return NOT_AN_UPLOAD;
      const file: MessageFile = {
        id,
        name: row.name,
        size: row.size,
        type: row.type,
        url: fileUrl(id),
      };
      if (row.width !== null) file.width = row.width;
      if (row.height !== null) file.height = row.height;
      files.push(file);
    }
    for (const id of ids) this.reserved.add(id);
    return files;
  }

  /** A send's files were stored with message `messageId` (or never will be: null). */
  settled(files: MessageFile[], messageId: number | null) {
    for (const { id } of files) {
      this.reserved.delete(id);
      if (messageId === null) continue;
      this.sql.exec(
        'UPDATE uploads SET message_id = ?, d1_pending = 1 WHERE id = ?',
        messageId,
        id,
      );
      this.sent.set(id, messageId);
    }
  }

  /** For the summary flush: D1's rows learn which message each file went with. */
  takeSent(): Map<string, number> {
    const sent = this.sent;
    this.sent = new Map();
    return sent;
  }

  /** The flush failed: its files go with the next one. */
  putBack(sent: Map<string, number>) {
    for (const [id, messageId] of sent) this.sent.set(id, messageId);
  }

  /** The flush wrote these to D1: a restart no longer needs to tell it. */
  reported(sent: Map<string, number>) {
    for (const id of sent.keys()) {
      this.sql.exec('UPDATE uploads SET d1_pending = 0 WHERE id = ?', id);
    }
  }

  /**
   * A deleted or trimmed message's files: gone from D1, R2 (not unlinked) and here. They are
   * marked in the event that takes the message, so a failure on the way is not forgotten: the
   * next summary flush finishes them (room-messages.ts). Before the mark, a failed R2 call left
   * the file servable from a message that was gone, with nothing to try again.
   */
  remove(files: MessageFile[]): Promise<void> {
    for (const { id, name, size, type } of files) {
      // A sent file always has its row; one without gets a stand-in, to be removed all the same.
      this.sql.exec(
        `INSERT INTO uploads (id, uploader_id, name, size, type, created_at, removing)
         VALUES (?, '', ?, ?, ?, 0, 1)
         ON CONFLICT (id) DO UPDATE SET removing = 1, d1_pending = 0`,
        id,
        name,
        size,
        type,
      );
      this.sent.delete(id);
    }
    if (files.length > 0) this.removalsOwed = true;
    return this.finishRemovals();
  }

  /**
   * Removes the files marked for removal, a round at a time. D1's rows go first: without its
   * row a file is served to nobody (file-access.ts), so a failure after that leaves only bytes
   * nobody can reach, and the mark, for the next try. Deleting twice is harmless, so two calls
   * at once need no lock.
   */
  async finishRemovals() {
    const roomId = this.roomId();
    for (;;) {
      const ids = this.sql
        .exec<{ id: string }>(
          'SELECT id FROM uploads WHERE removing = 1 LIMIT ?',
          REMOVALS_PER_ROUND,
        )
        .toArray()
        .map((row) => row.id);
      if (ids.length === 0) {
        this.removalsOwed = false;
        return;
      }
      // D1 binds at most 100 parameters a statement (a trim may remove hundreds of files).
      const statements: D1PreparedStatement[] = [];
      for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
        const some = ids.slice(i, i + IDS_PER_STATEMENT);
        statements.push(
          this.db()
            .prepare(`DELETE FROM files WHERE id IN (${some.map(() => '?').join(', ')})`)
            .bind(...some),
        );
      }
      await this.db().batch(statements);
      await this.bucket().delete(ids.map((id) => fileKey(roomId, id)));
      for (const id of ids) this.sql.exec('DELETE FROM uploads WHERE id = ? AND removing = 1', id);
    }
  }

  /** The room was deleted (its objects and rows go with the deletion route). */
  clear() {
    this.reserved.clear();
    this.sent.clear();
    this.removalsOwed = false;
    this.sql.exec('DELETE FROM uploads');
  }
}
