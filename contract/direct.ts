/**
 * Direct messages: a private conversation of two people, opened from a room both are in
 * (docs/direct-messages.md). It is a room like any other to the chat, with nobody else able to
 * enter it, and is named after the other person on each side.
 */
import { z } from 'zod';

/** The name a direct room has where no side is known (the admin's counts, the room object). */
export const DIRECT_ROOM_NAME = 'Private conversation';

/**
 * The most private conversations one person can be in. Apart from the rooms' cap
 * (MEMBERSHIPS_MAX), so that strangers starting conversations cannot stop anyone joining rooms;
 * a person at this cap ends one by blocking its other person.
 */
export const CONVERSATIONS_MAX = 1000;

export const directMessages = {
  nicknameRequired: 'Say whom to message (their nickname in this room).',
  notInRoom: 'Nobody by that nickname is in this room.',
  messageIdInvalid: 'A message id is a positive whole number.',
  notBoth: 'Name a nickname or a message, not both.',
  messageNotFound: 'That message was not found.',
  authorGone: 'That person is no longer in this room.',
  notYourself: "You can't message yourself.",
  blocked: "You can't message this person.",
  notDirect: 'Only a private conversation can be blocked.',
  noInvites: 'A private conversation has no invite link.',
  noModeration: 'Nobody moderates a private conversation.',
  noAdminJoin: 'Administrators do not join private conversations.',
  blockNotFound: 'That block was not found.',
  tooManyConversations: `You are in too many private conversations (${CONVERSATIONS_MAX.toLocaleString('en-US')}) to start another. Blocking someone ends your conversation with them.`,
  theirsFull: 'This person is in too many private conversations to start another.',
} as const;

/**
 * POST /api/rooms/:roomId/direct: the other person, either by their nickname in :roomId now (the
 * online and members lists, which show current nicknames) or as the author of one of its
 * messages (a message's menu: the nickname on an old message may be someone else's by now).
 */
export const openDirectBody = z
  .object(
    {
      nickname: z
        .string({ error: directMessages.nicknameRequired })
        .trim()
        .min(1, directMessages.nicknameRequired)
        .max(64, directMessages.notInRoom)
        .optional(),
      messageId: z
        .number({ error: directMessages.messageIdInvalid })
        .int(directMessages.messageIdInvalid)
        .positive(directMessages.messageIdInvalid)
        .optional(),
    },
    { error: directMessages.nicknameRequired },
  )
  .refine((body) => body.nickname === undefined || body.messageId === undefined, {
    message: directMessages.notBoth,
  })
  .refine((body) => body.nickname !== undefined || body.messageId !== undefined, {
    message: directMessages.nicknameRequired,
  });

export type OpenDirectRequest = z.infer<typeof openDirectBody>;

/** The conversation, created on first use and the same one afterwards, whoever opens it. */
export interface OpenDirectResponse {
  roomId: string;
  /** The caller's nickname in it (the one they have in the room it was opened from, at first). */
  activeNickname: string;
  /** Whether this call made it. */
  created: boolean;
}

/** POST /api/rooms/:roomId/block: the conversation is over for both. */
export interface BlockResponse {
  success: true;
  message: string;
}

/** Someone the caller blocked, named as they knew them; `id` is the block's, not the person's. */
export interface BlockedPerson {
  id: string;
  nickname: string;
  /** Milliseconds since the epoch. */
  blockedAt: number;
}

/** GET /api/blocks: the people the caller blocked (not who blocked them). */
export interface BlocksResponse {
  blocks: BlockedPerson[];
}
