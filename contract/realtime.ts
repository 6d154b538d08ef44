/**
 * The realtime contract: Socket.IO events between the browser and a room's Durable Object,
 * as zod schemas (the room parses every client payload with them; the client parses what the
 * server sends). Every acknowledgement is an object, so a client can always read `error`.
 */
import { z } from 'zod';
import { FILES_PER_MESSAGE, messageFileSchema } from './files';
import type { LoadPinsAck, LoadPinsPayload, PinMessagePayload, PinsEvent } from './pins';

export const SOCKET_PATH = '/socket.io';
export const MESSAGE_MAX_LENGTH = 2000;
/**
 * A room takes about 5 messages a second with bursts of 10 from each socket, and as many from
 * each person across their sockets: lively typing passes, a flood does not. The client paces
 * its sends below this (send-pacer.ts).
 */
export const MESSAGES_PER_SECOND = 5;
export const MESSAGE_BURST = 10;
/** A send over that limit; the client sends it again a moment later rather than give it up. */
export const SENDING_TOO_FAST = 'You are sending messages too fast';
/** Messages in the history a fresh join gets. */
export const HISTORY_PAGE = 50;
/** The most messages one resumption (join with lastMessageId) answers with. */
export const HISTORY_RESUME_MAX = 100;
/** The most bytes one chatHistory frame carries, whatever the number of messages. */
export const HISTORY_FRAME_BYTES = 256 * 1024;
/** How long a dropped client may stay away and still get its session and missed events back. */
export const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

export const messageTypeSchema = z.enum(['user', 'system-simple', 'system-fancy']);
export type MessageType = z.infer<typeof messageTypeSchema>;

/** A reply's quote of its original: plain text, this long at most, then '…'. */
export const REPLY_EXCERPT_MAX = 100;
/** The reactors a reaction names (its count says how many there are). */
export const REACTION_NICKNAMES_MAX = 10;
/** Distinct emoji one message may carry. */
export const REACTION_EMOJI_MAX = 20;
/** Nicknames one message may mention (the rest are plain text). */
export const MENTIONS_MAX = 20;

/** What a reply shows of its original, or that the original was deleted. */
export const replyRefSchema = z.union([
  z.object({ id: z.number(), user: z.string(), excerpt: z.string() }),
  z.object({ id: z.number(), deleted: z.literal(true) }),
]);
export type ReplyRef = z.infer<typeof replyRefSchema>;

/** One emoji's reactions to a message: how many, and the first REACTION_NICKNAMES_MAX of them. */
export const reactionSchema = z.object({
  emoji: z.string(),
  count: z.number(),
  nicknames: z.array(z.string()),
});
export type Reaction = z.infer<typeof reactionSchema>;

export const chatMessageSchema = z.object({
  /** Increasing within a room for stored messages; a 'notice-…' string for passing notices. */
  id: z.union([z.number(), z.string()]),
  /** The author's nickname in the room. */
  user: z.string(),
  /** Safe HTML produced by the server ('' once deleted). */
  text: z.string(),
  messageType: messageTypeSchema,
  createdAt: z.number(),
  /** The message it answers. */
  replyTo: replyRefSchema.optional(),
  /** Its reactions, in the order their emoji were first used (absent: none). */
  reactions: z.array(reactionSchema).optional(),
  /** When its author last edited it. */
  editedAt: z.number().optional(),
  /** Deleted: the text is gone from the room's storage, and the message is a placeholder. */
  deleted: z.literal(true).optional(),
  /** The members' nicknames it mentions (`@nickname`), as they were when it was written. */
  mentions: z.array(z.string()).optional(),
  /** Files shared with it (contract/files.ts); the text may then be empty. */
  files: z.array(messageFileSchema).optional(),
  /**
   * In a history frame (`chatHistory`, `loadHistory`), sent to one socket: whether its account
   * wrote the message. A nickname given up can be taken by someone else, so the name alone
   * does not say whose an older message is. Live messages leave it out: their author holds
   * the nickname they were sent under.
   */
  mine: z.boolean().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const roomDataSchema = z.object({
  room: z.string(),
  name: z.string(),
  users: z.array(z.object({ nickname: z.string() })),
});
export type RoomData = z.infer<typeof roomDataSchema>;

/** `join`: the nickname, the room, and the newest message id the client already shows. */
export const joinSchema = z.object({
  name: z.string().max(100),
  room: z.string().max(100),
  lastMessageId: z.number().int().nonnegative().optional(),
  /**
   * The account whose tab joins (our client sends it): a tab left open while another account
   * signed in on the browser reconnects with that account's cookie, and must not speak as it.
   */
  account: z.string().max(100).optional(),
});
export type JoinPayload = z.infer<typeof joinSchema>;

/**
 * `join`'s refusal when the person is in the room under another nickname (one set on another
 * device, say): a client may join again under it, since the server accepts no other.
 */
export const inRoomAs = (nickname: string) => `You are in this room as "${nickname}"`;

/**
 * `sendMessage`. `clientId` (a UUID the client picks per message) makes a resend safe: the
 * room answers a repeat with the first send's acknowledgement and delivers nothing new.
 */
export const sendMessageSchema = z.object({
  text: z.string(),
  roomId: z.string().max(100).optional(),
  clientId: z.uuid().optional(),
  /** The id of the message of this room it answers. */
  replyTo: z.number().int().positive().optional(),
  /** Ids of files the sender uploaded to this room and has not sent yet. */
  files: z.array(z.string().max(64)).max(FILES_PER_MESSAGE).optional(),
});
export type SendMessagePayload = z.infer<typeof sendMessageSchema>;

const messageIdSchema = z.number().int().positive();

/** `react`: toggles the caller's reaction `emoji` (one emoji grapheme) on a message. */
export const reactSchema = z.object({
  roomId: z.string().max(100).optional(),
  messageId: messageIdSchema,
  emoji: z.string().max(64),
});
export type ReactPayload = z.infer<typeof reactSchema>;

/** `editMessage`: the author's new text, checked and rendered as a new message is. */
export const editMessageSchema = z.object({
  roomId: z.string().max(100).optional(),
  messageId: messageIdSchema,
  text: z.string(),
});
export type EditMessagePayload = z.infer<typeof editMessageSchema>;

/** `deleteMessage`: by its author, the room's owner or an administrator. */
export const deleteMessageSchema = z.object({
  roomId: z.string().max(100).optional(),
  messageId: messageIdSchema,
});
export type DeleteMessagePayload = z.infer<typeof deleteMessageSchema>;

/** `reactions` from the server: a message's reactions now (an empty list: none left). */
export const reactionsEventSchema = z.object({
  id: z.number(),
  reactions: z.array(reactionSchema),
});
export type ReactionsEvent = z.infer<typeof reactionsEventSchema>;

/** `messageUpdated` from the server: an edit, already rendered, with its mentions. */
export const messageUpdatedSchema = z.object({
  id: z.number(),
  text: z.string(),
  editedAt: z.number(),
  mentions: z.array(z.string()).optional(),
});
export type MessageUpdatedEvent = z.infer<typeof messageUpdatedSchema>;

/** `messageDeleted` from the server: show the placeholder in its place. */
export const messageDeletedSchema = z.object({ id: z.number() });
export type MessageDeletedEvent = z.infer<typeof messageDeletedSchema>;

/** The room sends `seen` at most this often, with only the positions that moved. */
export const SEEN_INTERVAL_MS = 1000;
/**
 * `seen` from the server: how far members who share it have read (their newest message seen).
 * Only to sockets whose person shares their own; the first after a join has everyone's.
 */
export const seenSchema = z.object({
  positions: z.array(z.object({ nickname: z.string(), messageId: z.number() })),
});
export type SeenEvent = z.infer<typeof seenSchema>;

export const leaveSchema = z.object({ room: z.string().max(100).optional() });

/** The most messages one `loadHistory` answers with (also its default). */
export const HISTORY_OLDER_MAX = 100;

/** The messages on each side of the one `loadHistory { around }` asks for, by default. */
export const HISTORY_AROUND_SIDE = 25;
/** The most on each side `around` takes as its `limit`. */
export const HISTORY_AROUND_SIDE_MAX = HISTORY_OLDER_MAX / 2;

const historyAnchorSchema = z.number().int().positive();

/**
 * `loadHistory`, one of three pages (`limit` 1 to HISTORY_OLDER_MAX; for `around`, on each
 * side, 1 to HISTORY_AROUND_SIDE_MAX):
 * - `{ before }`: the newest `limit` (50) messages just before that id (scrolling back);
 * - `{ around }`: that stored message with up to `limit` (25) older and newer (a search
 *   result's jump); a message not stored (never, or trimmed) is refused 'message_not_found';
 * - `{ after }`: the oldest `limit` (50) messages just after that id (scrolling down towards
 *   the present after a jump).
 * Acknowledged with `{ messages (oldest first), hasMore, hasNewer? }`, bounded like every
 * history frame (HISTORY_FRAME_BYTES), or `{ error }`. `hasMore`: more exist the way the page
 * went (older for `before` and `around`, newer for `after`); `hasNewer` (`around` and `after`):
 * newer messages than the page exist, so the page is not the present yet.
 */
export const loadHistorySchema = z
  .object({
    before: historyAnchorSchema.optional(),
    around: historyAnchorSchema.optional(),
    after: historyAnchorSchema.optional(),
    limit: z.number().int().positive().max(HISTORY_OLDER_MAX).optional(),
  })
  .refine(
    (payload) =>
      [payload.before, payload.around, payload.after].filter((id) => id !== undefined).length ===
        1 &&
      (payload.around === undefined || (payload.limit ?? 0) <= HISTORY_AROUND_SIDE_MAX),
  );
export type LoadHistoryPayload = z.infer<typeof loadHistorySchema>;
export const loadHistoryAckSchema = z.object({
  messages: z.array(chatMessageSchema),
  hasMore: z.boolean(),
  hasNewer: z.boolean().optional(),
});
export type LoadHistoryAck = z.infer<typeof loadHistoryAckSchema>;

/**
 * `read`: the newest message the reader has had on screen. The room moves the member's read
 * position there (never back, never past the room's newest message); the client sends it at
 * most about once a second, and the room drops a faster flow.
 */
export const readSchema = z.object({ messageId: z.number().int().positive() });
export type ReadPayload = z.infer<typeof readSchema>;

/** The client sends `typing` (no payload) at most this often while someone types. */
export const TYPING_SEND_INTERVAL_MS = 2500;
/** A typist not heard from again within this long has stopped (the receiver's clock). */
export const TYPING_SHOW_MS = 5000;
/** `typing` from the server: who is typing (never the receiver's own sockets). */
export const typingSchema = z.object({ nickname: z.string() });
export type TypingEvent = z.infer<typeof typingSchema>;

/**
 * `nicknameChanged` from the server, to a tab joined under a nickname its person has just
 * changed in this room (through another tab's join): it speaks under the new one from now on.
 */
export const nicknameChangedSchema = z.object({ nickname: z.string() });
export type NicknameChangedEvent = z.infer<typeof nicknameChangedSchema>;

/**
 * `roomChanged` from the server, to the room's joined sockets once its owner (a hand-over) or
 * its name (a rename) changed through the API. It carries no new value, only what to read
 * again: the API's answers stay the one truth about who owns the room, and a repeat (a retried
 * call) costs one more read. Sent besides the owner notice and `roomData`, which older clients
 * rely on.
 */
export const roomChangedSchema = z.object({
  roomId: z.string().max(100),
  what: z.enum(['owner', 'name']),
});
export type RoomChangedEvent = z.infer<typeof roomChangedSchema>;
export type RoomChange = RoomChangedEvent['what'];

/**
 * The stable code of every realtime refusal, beside its message: an acknowledgement's `code`,
 * and a connect_error's `data.code`. Clients switch on the code; the message is for people and
 * may change.
 */
export const refusalCodes = [
  /** No session (or it ended): sign in again. */
  'not_authenticated',
  'room_not_found',
  'not_member',
  /** Kicked from the room, until an owner or administrator lifts it. */
  'banned',
  /** The page that opened the socket is not the app's. */
  'cross_origin',
  'too_many_connections',
  /** Over a limit: sending, joining, loading history, reading or reconnecting too fast. */
  'rate_limited',
  /** A socket or ticket of one room used for another. */
  'wrong_room',
  'ticket_invalid',
  'ticket_expired',
  /** `join` under a nickname other than the person's in the room; the ack names theirs. */
  'in_room_as',
  /** An event that needs `join` first. */
  'not_joined',
  /** A payload its event's schema refuses. */
  'invalid_payload',
  'unknown_event',
  'empty_message',
  'message_too_long',
  /** The room was deleted, or the sender removed from it, while the message was on its way. */
  'room_deleted',
  'sender_removed',
  /** A message id this room does not have (or no longer: deleted or trimmed). */
  'message_not_found',
  /**
   * Someone else's message to edit, or to delete without being its room's owner or an admin;
   * a pin or unpin by someone who is neither (nor, in a private conversation, one of its two).
   */
  'not_allowed',
  /** A reaction that is not one emoji, or one more distinct emoji than a message may carry. */
  'invalid_emoji',
  'too_many_reactions',
  /** A `files` id that is not the sender's unsent upload to this room. */
  'file_not_found',
  /** A notice to pin: only people's messages are pinned. */
  'not_pinnable',
  /** A pin past PINS_MAX (contract/pins.ts). */
  'too_many_pins',
] as const;
export type RefusalCode = (typeof refusalCodes)[number];

/** A refusal as every acknowledgement and connect_error carries it. */
export interface Refused {
  error: string;
  code: RefusalCode;
}

export const refused = (code: RefusalCode, error: string): Refused => ({ code, error });

/**
 * The refusals whose words never vary, shared by the worker's upgrade, its ticket route and
 * the room, so the screen shows one sentence whichever of them said no.
 */
export const REFUSED = {
  notAuthenticated: refused('not_authenticated', 'Not authenticated'),
  roomNotFound: refused('room_not_found', 'Room not found'),
  notMember: refused('not_member', 'You are not a member of this room'),
  banned: refused('banned', 'You have been banned from this room'),
  crossOrigin: refused('cross_origin', 'Cross-origin connection refused'),
  tooManyConnections: refused('too_many_connections', 'Too many open connections to this room'),
  wrongRoom: refused('wrong_room', 'This connection is for another room'),
  ticketInvalid: refused('ticket_invalid', 'Invalid connection ticket'),
  ticketExpired: refused('ticket_expired', 'Connection ticket expired'),
  ticketOtherRoom: refused('wrong_room', 'This connection ticket is for another room'),
} as const;

export interface Ack {
  error?: string;
  code?: RefusalCode;
}

/** join's acknowledgement: with code 'in_room_as', the nickname the person has in the room. */
export interface JoinAck extends Ack {
  nickname?: string;
}

/** sendMessage's acknowledgement: the stored message's id when the send carried a clientId. */
export interface SendAck extends Ack {
  id?: number;
}

export interface LeaveAck extends Ack {
  result?: string;
}

/**
 * chatHistory's second argument: `hasMore` when older messages than the page exist (after
 * lastMessageId, for a resumption): the client is further behind than one frame carries.
 */
export const historyPageSchema = z.object({ hasMore: z.boolean() });
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const chatHistorySchema = z.array(chatMessageSchema);

export interface ServerToClientEvents {
  message: (message: ChatMessage) => void;
  /** Oldest first. The page argument is new; clients that ignore it keep working. */
  chatHistory: (messages: ChatMessage[], page: HistoryPage) => void;
  roomData: (data: RoomData) => void;
  'admin-broadcast': (broadcast: { message: ChatMessage }) => void;
  'room-deleted': (event: { roomId: string }) => void;
  roomChanged: (event: RoomChangedEvent) => void;
  typing: (event: TypingEvent) => void;
  nicknameChanged: (event: NicknameChangedEvent) => void;
  reactions: (event: ReactionsEvent) => void;
  messageUpdated: (event: MessageUpdatedEvent) => void;
  messageDeleted: (event: MessageDeletedEvent) => void;
  seen: (event: SeenEvent) => void;
  pins: (event: PinsEvent) => void;
}

export interface ClientToServerEvents {
  join: (payload: JoinPayload, ack: (ack: JoinAck) => void) => void;
  sendMessage: (payload: SendMessagePayload, ack: (ack: SendAck) => void) => void;
  leave: (payload: { room: string }, ack: (ack: LeaveAck) => void) => void;
  loadHistory: (
    payload: LoadHistoryPayload,
    ack: (ack: Partial<LoadHistoryAck> & Ack) => void,
  ) => void;
  read: (payload: ReadPayload) => void;
  typing: () => void;
  react: (payload: ReactPayload, ack: (ack: Ack) => void) => void;
  editMessage: (payload: EditMessagePayload, ack: (ack: Ack) => void) => void;
  deleteMessage: (payload: DeleteMessagePayload, ack: (ack: Ack) => void) => void;
  pinMessage: (payload: PinMessagePayload, ack: (ack: Ack) => void) => void;
  unpinMessage: (payload: PinMessagePayload, ack: (ack: Ack) => void) => void;
  loadPins: (payload: LoadPinsPayload, ack: (ack: Partial<LoadPinsAck> & Ack) => void) => void;
}
