/** "Make owner": a room's owner, or an administrator, hands the room to one of its members. */
import { z } from 'zod';

/** Hand-overs of one room per hour, and of any rooms by one person: each one re-reads lists. */
export const ROOM_HAND_OVERS_PER_HOUR = 10;

export const roomOwnerMessages = {
  userIdRequired: 'userId is required',
  notAllowed: 'Only the room owner or an administrator can choose who owns this room',
  notMember: 'That person is not a member of this room',
  alreadyOwner: 'That person already owns this room',
  moderator: "An administrator's moderator membership cannot own a room",
  conversation: 'A private conversation has no owner to change',
  handingOverTooFast: 'This room has changed hands too often. Please try again later.',
} as const;

/** What the room's members hear, as a passing notice, once the room has its new owner. */
export const newOwnerNotice = (nickname: string) => `${nickname} is now the room's owner.`;

/** POST /api/rooms/:roomId/owner: the member (by user id) who owns the room from now on. */
export const roomOwnerBody = z.object({
  userId: z
    .string({ error: roomOwnerMessages.userIdRequired })
    .min(1, roomOwnerMessages.userIdRequired)
    .max(64),
});

export type RoomOwnerRequest = z.infer<typeof roomOwnerBody>;

export interface RoomOwnerResponse {
  success: true;
  /** The sentence the room's members heard, naming the new owner by their nickname here. */
  message: string;
}
