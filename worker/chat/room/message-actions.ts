/**
 * `react`, `editMessage` and `deleteMessage`: who may act on a stored message, checked here,
 * the room's storage and events in messages/message-changes.ts. Each takes from the same
 * allowance as sending (a socket's and its person's), so actions are no way around the
 * sending limit, and each is answered `{}` or `{ error, code }`.
 */
import { isBlank, stripInvisibleInText } from '../../../contract/invisible-characters';
import {
  deleteMessageSchema,
  editMessageSchema,
  MESSAGE_MAX_LENGTH,
  reactSchema,
  REFUSED,
  refused,
  SENDING_TOO_FAST,
  type Ack,
  type ChatMessage,
} from '../../../contract/realtime';
import { isOneEmoji } from '../messages/message-reactions';
import { markMentions } from '../messages/mentions';
import { renderMessage } from '../messages/render-message';
import { takeAllowance, type RoomSocket, type SocketState } from '../sockets/socket-state';
import type { RoomParts } from './room-parts';

type Reply = (ack: Ack) => void;

const NOT_JOINED = refused('not_joined', 'Join the room before acting on messages');
export const NOT_FOUND = refused('message_not_found', 'That message is not in this room');
const TOO_FAST = refused('rate_limited', SENDING_TOO_FAST);
const NOT_ONE_EMOJI = refused('invalid_emoji', 'A reaction is one emoji');
const TOO_MANY = refused(
  'too_many_reactions',
  'This message has as many different reactions as it can',
);
const NOT_YOURS = refused('not_allowed', 'Only its author can edit a message');
const NOT_YOURS_TO_DELETE = refused(
  'not_allowed',
  "Only its author, the room's owner or an administrator can delete a message",
);
export const EMPTY_MESSAGE = refused('empty_message', 'Message cannot be empty');
export const TOO_LONG = refused(
  'message_too_long',
  `Message cannot exceed ${MESSAGE_MAX_LENGTH} characters`,
);

export function react(room: RoomParts, socket: RoomSocket, raw: unknown, reply: Reply) {
  if (!socket.data.nickname) return reply(NOT_JOINED);
  const parsed = reactSchema.safeParse(raw);
  if (!parsed.success) {
    return reply(refused('invalid_payload', 'react takes { roomId, messageId, emoji }'));
  }
  const { roomId, messageId, emoji } = parsed.data;
  // A reaction stored before the emoji rule was this strict can still be taken back by its
  // reactor; nobody can add it. Anything else the rule refuses is refused before it spends
  // the sending allowance, as it always was.
  const oneEmoji = isOneEmoji(emoji);
  if (!oneEmoji && !hasReaction(room, messageId, emoji)) return reply(NOT_ONE_EMOJI);
  const target = actionTarget(room, socket, roomId, messageId, reply);
  if (!target) return;
  const { message, actor } = target;
  const outcome = room.messages.changes.react(message, emoji, socket.data.userId, actor, oneEmoji);
  if ('tooMany' in outcome) return reply(TOO_MANY);
  reply('notAddable' in outcome ? NOT_ONE_EMOJI : {});
}

function hasReaction(room: RoomParts, messageId: number, emoji: string): boolean {
  const reactions = room.messages.store.find(messageId)?.message.reactions;
  return reactions?.some((reaction) => reaction.emoji === emoji) ?? false;
}

export function editMessage(room: RoomParts, socket: RoomSocket, raw: unknown, reply: Reply) {
  // As a send: a woken room reads its members before an edit can name one (send-message.ts).
  if (!room.members.mustWait(mayMention(raw))) return edit(room, socket, raw, reply);
  room.members.afterRead(() => {
    if (socket.connected) edit(room, socket, raw, reply);
  });
}

function edit(room: RoomParts, socket: RoomSocket, raw: unknown, reply: Reply) {
  if (!socket.data.nickname) return reply(NOT_JOINED);
  const parsed = editMessageSchema.safeParse(raw);
  if (!parsed.success) {
    return reply(refused('invalid_payload', 'editMessage takes { roomId, messageId, text }'));
  }
  const { roomId, messageId, text } = parsed.data;
  const trimmed = stripInvisibleInText(text).trim();
  const blank = isBlank(trimmed);
  if (trimmed.length > MESSAGE_MAX_LENGTH) return reply(TOO_LONG);
  const target = actionTarget(room, socket, roomId, messageId, reply);
  if (!target) return;
  // The account that sent it, not whoever has the nickname now.
  if (target.authorId !== socket.data.userId) return reply(NOT_YOURS);
  // As when it was sent: beside files the words are optional, so a caption can be taken away.
  if (blank && !target.message.files?.length) return reply(EMPTY_MESSAGE);
  const { html, mentions } = blank
    ? { html: '', mentions: [] }
    : markMentions(renderMessage(trimmed), (typed) => room.members.find(typed));
  const dropped = (target.message.mentions ?? []).filter((name) => !mentions.includes(name));
  room.messages.changes.edit(target.message, html, mentions);
  marksMayMove(room, dropped, target.authorId);
  room.messages.noteMentions(mentionedIds(room, mentions, socket.data.userId), messageId);
  reply({});
}

export async function deleteMessage(
  room: RoomParts,
  socket: RoomSocket,
  raw: unknown,
  reply: Reply,
) {
  const parsed = deleteMessageSchema.safeParse(raw);
  if (!parsed.success) {
    return reply(refused('invalid_payload', 'deleteMessage takes { roomId, messageId }'));
  }
  const { roomId, messageId } = parsed.data;
  const target = actionTarget(room, socket, roomId, messageId, reply);
  if (!target) return;
  const state = socket.data;
  const allowed =
    target.authorId === state.userId ||
    state.role === 'admin' ||
    (await room.members.isOwner(state.userId));
  if (!allowed) return reply(NOT_YOURS_TO_DELETE);
  // D1 may have taken a moment: the message may be gone, or the socket.
  const now = room.messages.store.find(messageId);
  if (!now || now.message.deleted) return reply(NOT_FOUND);
  const files = room.messages.changes.remove(now.message);
  marksMayMove(room, now.message.mentions ?? [], now.userId);
  reply({});
  await room.messages.removeFiles(files);
}

interface Target {
  message: ChatMessage;
  /** The account that sent it (null: the moderator). */
  authorId: string | null;
  /** The acting person's nickname. */
  actor: string;
}

/**
 * The stored message an action names, once the socket may act at all: joined, in this room,
 * not banned, within the sending allowance. Null once the refusal is answered. Pins too
 * (pin-actions.ts).
 */
export function actionTarget(
  room: RoomParts,
  socket: RoomSocket,
  roomId: string | undefined,
  messageId: number,
  reply: Reply,
): Target | null {
  const state = socket.data;
  const refusal = mayAct(room, state, roomId);
  if (refusal) {
    reply(refusal);
    return null;
  }
  const found = room.messages.store.find(messageId);
  if (!found || found.message.deleted) {
    reply(NOT_FOUND);
    return null;
  }
  return { message: found.message, authorId: found.userId, actor: state.nickname! };
}

function mayAct(room: RoomParts, state: SocketState, roomId: string | undefined) {
  if (!state.nickname) return NOT_JOINED;
  if (roomId !== undefined && roomId !== room.identity.id) return REFUSED.wrongRoom;
  if (room.gate.isBanned(state.userId)) return REFUSED.banned;
  // The socket's allowance first, then the person's, as a send spends them.
  if (!takeAllowance(state) || !room.personMessages.take(state.userId)) {
    room.security.rateLimited(state, 'socket-messages');
    return TOO_FAST;
  }
  return null;
}

/**
 * Mentions a deletion or an edit took away may hold someone's '@' mark: the next flush sets
 * each of those members' mark right (mention-marks.ts). The author's own name marks nothing.
 * A room woken from hibernation knows no member until it reads them, and neither a deletion
 * nor an edit without an '@' waits for that read: the names are looked up once it answered.
 */
function marksMayMove(room: RoomParts, nicknames: readonly string[], authorId: string | null) {
  if (nicknames.length === 0) return;
  const name = () => {
    for (const nickname of nicknames) {
      const userId = room.members.userIdOf(nickname);
      if (userId && userId !== authorId) room.messages.mentionDeleted(userId, nickname);
    }
  };
  if (room.members.mustWait(true)) room.members.afterRead(name);
  else name();
}

/** Whether a verb's payload has a text that may mention someone. */
export function mayMention(raw: unknown): boolean {
  const text = (raw as { text?: unknown } | null)?.text;
  return typeof text === 'string' && text.includes('@');
}

/** The accounts of the members a message mentions, but its author's. */
export function mentionedIds(room: RoomParts, mentions: string[], authorId: string): string[] {
  const ids: string[] = [];
  for (const nickname of mentions) {
    const userId = room.members.userIdOf(nickname);
    if (userId && userId !== authorId) ids.push(userId);
  }
  return ids;
}
