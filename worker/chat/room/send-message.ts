/**
 * `sendMessage` `{ text, roomId?, clientId?, replyTo? }`: checked, rendered to safe HTML with
 * its mentions marked, and posted (messages/message-posting.ts), which answers `{ id }` (or `{}`
 * without a clientId) right before the message's broadcast, or the refusal. The author, the id,
 * the time, the quote of the message it answers and whom it mentions are the server's.
 */
import { isBlank, stripInvisibleInText } from '../../../contract/invisible-characters';
import {
  MESSAGE_MAX_LENGTH,
  refused,
  REFUSED,
  SENDING_TOO_FAST,
  type ReplyRef,
  type SendAck,
} from '../../../contract/realtime';
import type { z } from 'zod';
import { FILES_PER_MESSAGE, type MessageFile } from '../../../contract/files';
import { markMentions } from '../messages/mentions';
import type { PostAnswer } from '../messages/message-posting';
import { renderMessage } from '../messages/render-message';
import { replyRefOf } from '../messages/reply-excerpt';
import { takeAllowance, type RoomSocket, type SocketState } from '../sockets/socket-state';
import { EMPTY_MESSAGE, mayMention, mentionedIds, TOO_LONG } from './message-actions';
import type { RoomParts } from './room-parts';
import { parseSendPayload } from './send-payload';

type Reply = (ack: SendAck) => void;

const NO_ORIGINAL = refused('message_not_found', 'The message you reply to is not in this room');
const NOT_JOINED = refused('not_joined', 'Join the room before sending messages');
const TOO_FAST = refused('rate_limited', SENDING_TOO_FAST);

export function sendMessage(room: RoomParts, socket: RoomSocket, raw: unknown, reply: Reply) {
  // A room just woken from hibernation does not know its members yet: an '@' waits for them,
  // or it would name nobody (and what comes behind it waits too, so the order holds).
  if (!room.members.mustWait(mayMention(raw))) return send(room, socket, raw, reply);
  room.members.afterRead(() => {
    // Gone meanwhile (a kick ends the socket): nothing is sent; its client sends it again.
    if (socket.connected) send(room, socket, raw, reply);
  });
}

function send(room: RoomParts, socket: RoomSocket, raw: unknown, reply: Reply) {
  const state = socket.data;
  if (!state.nickname) return reply(NOT_JOINED);
  const parsed = parseSendPayload(raw);
  if (!parsed.success) return reply(refusalOf(raw, parsed.error));
  const { text, roomId, clientId, replyTo, files: fileIds } = parsed.data;
  if (roomId !== undefined && roomId !== room.identity.id) return reply(REFUSED.wrongRoom);
  const answer = answerFor(room, state, reply, Boolean(clientId));
  // A resend of a message already stored (or being stored): the first send's answer.
  if (clientId && room.messages.resend(state.userId, clientId, answer)) return;
  const trimmed = stripInvisibleInText(text).trim();
  // With files, the words are optional.
  const blank = isBlank(trimmed);
  if (blank && !fileIds?.length) return reply(EMPTY_MESSAGE);
  if (trimmed.length > MESSAGE_MAX_LENGTH) return reply(TOO_LONG);
  let quote: ReplyRef | undefined;
  if (replyTo !== undefined) {
    const original = room.messages.store.find(replyTo)?.message;
    if (!original || original.deleted) return reply(NO_ORIGINAL);
    quote = replyRefOf(original);
  }
  // The socket's allowance first, then the person's, so more sockets give no more messages.
  if (!takeAllowance(state) || !room.personMessages.take(state.userId)) {
    room.security.rateLimited(state, 'socket-messages');
    return reply(TOO_FAST);
  }
  let files: MessageFile[] | undefined;
  if (fileIds?.length) {
    const taken = room.messages.files.take(fileIds, state.userId);
    if ('code' in taken) return reply(taken);
    files = taken;
  }
  const { html, mentions } = blank
    ? { html: '', mentions: [] }
    : markMentions(renderMessage(trimmed), (typed) => room.members.find(typed));
  // An ordinary message carries no extras object: the store's plain insert is its path.
  const extras =
    quote || mentions.length || files ? { replyTo: quote, mentions, files } : undefined;
  const { userId, nickname } = state;
  const settle = files ? settleFiles(room, files, answer) : answer;
  room.messages.send({ userId, nickname, html, clientId, answer: settle, extras });
}

/** A send's files are sent with its message, or free again when it is refused. */
function settleFiles(room: RoomParts, files: MessageFile[], answer: PostAnswer): PostAnswer {
  return (outcome) => {
    const stored = !(outcome instanceof Error) && !('code' in outcome);
    room.messages.files.settled(files, stored ? (outcome.id as number) : null);
    if (stored) room.messages.filesSent();
    answer(outcome);
  };
}

/**
 * The acknowledgement of a post: its id (the sender gave a clientId), or `{}`; or the refusal.
 * A stored message marks whom it mentions. It does not move its sender's 'seen' position: a
 * `seen` a second in every room that talks would be a frame per member per message, and the
 * clients know that an author has read up to their own message.
 */
function answerFor(room: RoomParts, state: SocketState, reply: Reply, withId: boolean): PostAnswer {
  return (outcome) => {
    // A batch that failed to store: no answer (the client's ack times out and it resends).
    if (outcome instanceof Error) return console.error('[send-message] not stored', outcome);
    if ('code' in outcome) return reply(outcome);
    const id = outcome.id as number;
    reply(withId ? { id } : {});
    if (outcome.mentions) {
      room.messages.noteMentions(mentionedIds(room, outcome.mentions, state.userId), id);
    }
  };
}

/** The refusal for a payload the schema rejects, by the first field it found wrong. */
function refusalOf(raw: unknown, error: z.ZodError) {
  const { text } = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (typeof text !== 'string') return EMPTY_MESSAGE;
  switch (error.issues[0]?.path[0]) {
    case 'clientId':
      return refused('invalid_payload', 'clientId must be a UUID');
    case 'replyTo':
      return refused('invalid_payload', 'replyTo must be a message id');
    case 'files':
      return refused('invalid_payload', `files takes at most ${FILES_PER_MESSAGE} file ids`);
    default:
      return REFUSED.wrongRoom;
  }
}
