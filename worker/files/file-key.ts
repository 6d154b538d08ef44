/**
 * Where a file's bytes live in the FILES bucket: `rooms/<roomId>/<fileId>`. The room object
 * deletes a message's files by this key, and a room's deletion removes everything under its
 * prefix, so the layout is part of the contract between them.
 */
export const fileKey = (roomId: string, fileId: string) => `${roomPrefix(roomId)}${fileId}`;

export const roomPrefix = (roomId: string) => `rooms/${roomId}/`;

/** A random UUID without its dashes: 122 random bits, unguessable, and safe in a URL and a key. */
export function newFileId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}
