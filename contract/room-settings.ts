/**
 * A room's settings, which its owner changes: `PATCH /api/rooms/:roomId` renames it (the owner
 * or an administrator), `DELETE /api/rooms/:roomId` deletes it for everyone (the owner only;
 * administrators have /api/admin/rooms/:roomId). Neither applies to a private conversation.
 */
import { z } from 'zod';
import { isBlank, stripInvisible } from './invisible-characters';
import { oneLine, ROOM_NAME_MAX, roomMessages } from './rooms';

/** Renames of one room per hour, and of any rooms by one person: a name is not a channel. */
export const ROOM_RENAMES_PER_HOUR = 10;

export const roomSettingsMessages = {
  ownerOnly: 'Only the room owner or a moderator can do this',
  ownerOnlyDelete: 'Only the room owner can delete this room.',
  conversationNotRenamed: 'A private conversation has no name of its own to change.',
  conversationNotDeleted: 'A private conversation is not deleted: blocking the person ends it.',
  renamingTooFast: 'This room has been renamed too often. Please try again later.',
  renamed: 'Room renamed.',
} as const;

/**
 * The rules of a new room's name (contract/rooms.ts joinBody), required: invisible letters
 * removed, one line, trimmed, not blank, at most ROOM_NAME_MAX UTF-16 units.
 */
const requiredRoomName = z
  .string({ error: roomMessages.roomNameRequired })
  .overwrite(stripInvisible)
  .transform((name) => (isBlank(name) ? '' : (oneLine(name) ?? '')))
  .pipe(
    z
      .string()
      .min(1, roomMessages.roomNameRequired)
      .max(ROOM_NAME_MAX, roomMessages.roomNameTooLong),
  );

export const renameRoomBody = z.object({ name: requiredRoomName });
export type RenameRoomRequest = z.input<typeof renameRoomBody>;

/** The name the room has now (the one asked for, as the rules left it). */
export interface RenameRoomResponse {
  success: true;
  name: string;
}

export interface DeleteRoomResponse {
  success: true;
  message: string;
}
