/**
 * An upload, from checked bytes to a file the room knows: its object in R2, its row (which
 * takes a place of the quota), then the room object's record of it, which sendMessage needs.
 * A step that fails undoes the ones before it, so nothing is left that no message can name.
 *
 * The object goes first: a room deleted while it is stored either takes the row with it (the
 * deletion then finds the object under the room's prefix) or refuses the row, and this undoes
 * the object. An account deleted meanwhile refuses the row the same way.
 */
import type { Context } from 'hono';
import type { UploadedFile } from '../../contract/files';
import { roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';
import { fileUploaded } from '../room-calls/room-rpc';
import { isForeignKeyViolation } from '../db/constraint-errors';
import { tooManyRequests } from '../security/guards';
import { fileKey, newFileId } from './file-key';
import { QUOTA_REACHED, recordWithinQuota, secondsUntilRoom, uncount } from './upload-quota';

const NOT_STORED = 'The file could not be stored. Please try again.';

export interface CheckedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
  width?: number;
  height?: number;
}

export async function storeUpload(
  c: Context<AppEnv>,
  roomId: string,
  file: CheckedFile,
): Promise<UploadedFile> {
  const answer: UploadedFile = {
    id: newFileId(),
    name: file.name,
    size: file.bytes.length,
    type: file.type,
    ...(file.width !== undefined ? { width: file.width, height: file.height } : {}),
  };
  const uploaderId = c.var.user.id;
  const createdAt = Date.now();
  const key = fileKey(roomId, answer.id);
  const discard = () =>
    Promise.allSettled([
      c.env.FILES.delete(key),
      c.env.DB.prepare('DELETE FROM files WHERE id = ?').bind(answer.id).run(),
      // An upload that failed here takes no place of the quota.
      uncount(c.env.DB, answer.id),
    ]);
  const failed = async (step: string, error: unknown): Promise<never> => {
    console.error(`[files] ${step}:`, error);
    await discard();
    throw new ApiError(503, NOT_STORED);
  };

  const wait = () => secondsUntilRoom(c.env.DB, uploaderId, answer.size, createdAt);
  // D1 failing at the first look is a 503 like any later step's failure, not a 500.
  const waitFirst = await wait().catch((error: unknown) => failed('quota', error));
  if (waitFirst > 0) tooManyRequests(c, waitFirst, QUOTA_REACHED);

  try {
    await c.env.FILES.put(key, file.bytes, { httpMetadata: { contentType: file.type } });
  } catch (error) {
    return failed('put', error);
  }
  let recorded: boolean;
  try {
    recorded = await recordWithinQuota(c.env.DB, { ...answer, roomId, uploaderId, createdAt });
  } catch (error) {
    if (!isForeignKeyViolation(error)) return failed('insert', error);
    // The room (or the account) was deleted while the bytes were being stored.
    await discard();
    throw new ApiError(404, roomMessages.roomNotFound);
  }
  if (!recorded) {
    // Another upload of the person's took the last place since the first look.
    await discard();
    tooManyRequests(c, Math.max(1, await wait()), QUOTA_REACHED);
  }
  try {
    await fileUploaded(c.env, roomId, { ...answer, uploaderId, createdAt });
  } catch (error) {
    return failed('fileUploaded', error);
  }
  return answer;
}
