/**
 * Who may upload to a room and who may read a file: members of the room who are not banned.
 * To anyone else both answer 404, as a room's other routes do for strangers, so that neither
 * a room nor a file can be found out by trying.
 */
import { and, eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { roomIdSchema, roomMessages } from '../../contract/rooms';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { openDb, type Db } from '../db/client';
import { files, memberships, roomBans } from '../db/schema';
import { ApiError } from '../http/api-error';
import { roomMembershipAndBan } from '../rooms/room-queries';

export const FILE_NOT_FOUND = 'File not found';

/** Ids are 32 hex digits (file-key.ts): anything else is not looked up. */
const FILE_ID = /^[0-9a-f]{32}$/;

/** Lets through members of `:roomId` who are not banned; 404 for everyone else. */
export const requireUploader = createMiddleware<AppEnv>(async (c, next) => {
  const roomId = c.req.param('roomId') ?? '';
  if (!roomIdSchema.safeParse(roomId).success) throw new ApiError(404, roomMessages.roomNotFound);
  const [row] = await roomMembershipAndBan(c.var.db, roomId, c.var.user.id);
  if (!row || row.nickname === null || row.bannedAt !== null) {
    throw new ApiError(404, roomMessages.roomNotFound);
  }
  await next();
});

/**
 * requireUser, but a caller without a session gets the 404 everyone else gets: a file's url
 * says nothing to someone signed out. A stale cookie is still dropped and logged as there.
 */
export const signedInOr404 = createMiddleware<AppEnv>(async (c, next) => {
  try {
    await requireUser(c, async () => {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new ApiError(404, FILE_NOT_FOUND);
    throw error;
  }
  await next();
});

function readableFile(db: Db, fileId: string, userId: string) {
  return db
    .select({ file: files, member: memberships.id, bannedAt: roomBans.bannedAt })
    .from(files)
    .leftJoin(
      memberships,
      and(eq(memberships.roomId, files.roomId), eq(memberships.userId, userId)),
    )
    .leftJoin(roomBans, and(eq(roomBans.roomId, files.roomId), eq(roomBans.userId, userId)))
    .where(eq(files.id, fileId))
    .get();
}

/** The file of `readableFile`'s row when the caller may read it (a member, not banned). */
async function fileIfReadable(query: ReturnType<typeof readableFile>) {
  const row = await query;
  return row && row.member !== null && row.bannedAt === null ? row.file : null;
}

/**
 * The file, if the caller may read it; else 404. Read near the caller first, then, if that
 * copy refuses, from the primary: a member opens a photo the moment its message arrives, before
 * a replica may have the upload's row, and someone who has just joined (or been let back in)
 * sees the history's photos at once, before a replica may have the membership (or the lifted
 * ban). An image request carries no bookmark to wait for either.
 */
export async function findReadableFile(
  c: { env: Env; var: { db: Db } },
  fileId: string,
  userId: string,
) {
  if (!FILE_ID.test(fileId)) throw new ApiError(404, FILE_NOT_FOUND);
  const file =
    (await fileIfReadable(readableFile(c.var.db, fileId, userId))) ??
    (await fileIfReadable(readableFile(openDb(c.env.DB), fileId, userId)));
  if (!file) throw new ApiError(404, FILE_NOT_FOUND);
  return file;
}
