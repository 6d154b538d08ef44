/**
 * `sendMessage` `{ text, roomId?, clientId? }`: checked, rendered to safe HTML and posted
 * (messages/message-posting.ts), which answers `{ id }` (or `{}` without a clientId) right
 * before the message's broadcast, or the refusal. The author, the id and the time are the
 * server's.
 */
import { isBlank, stripInvisibleInText } from '../../../contract/invisible-characters';
import {
  MESSAGE_MAX_LENGTH,
  refused,
  REFUSED,
  SENDING_TOO_FAST,
  sendMessageSchema,
  type SendAck,
} from '../../../contract/realtime';
import type { PostAnswer } from '../messages/message-posting';
import { renderMessage } from '../messages/render-message';
import { takeAllowance, type RoomSocket } from '../sockets/socket-state';
import type { RoomParts } from './room-parts';

type Reply = (ack: SendAck) => void;

const EMPTY_MESSAGE = refused('empty_message', 'Message cannot be empty');
const TOO_LONG = refused(
  'message_too_long',
  `Message cannot exceed ${MESSAGE_MAX_LENGTH} characters`,
);
const NOT_JOINED = refused('not_joined', 'Join the room before sending messages');
const TOO_FAST = refused('rate_limited', SENDING_TOO_FAST);

export function sendMessage(room: RoomParts, socket: RoomSocket, raw: unknown, reply: Reply) {
  const state = socket.data;
  if (!state.nickname) return reply(NOT_JOINED);
  const parsed = sendMessageSchema.safeParse(raw);
  if (!parsed.success) return reply(refusalOf(raw));
  const { text, roomId, clientId } = parsed.data;
  if (roomId !== undefined && roomId !== room.identity.id) return reply(REFUSED.wrongRoom);
  const answer = answerFor(reply, Boolean(clientId));
  // A resend of a message already stored (or being stored): the first send's answer.
  if (clientId && room.messages.resend(state.userId, clientId, answer)) return;
  const trimmed = stripInvisibleInText(text).trim();
  if (isBlank(trimmed)) return reply(EMPTY_MESSAGE);
  if (trimmed.length > MESSAGE_MAX_LENGTH) return reply(TOO_LONG);
  // The socket's allowance first, then the person's, so more sockets give no more messages.
  if (!takeAllowance(state) || !room.personMessages.take(state.userId)) {
    room.security.rateLimited(state, 'socket-messages');
    return reply(TOO_FAST);
  }
  const html = renderMessage(trimmed);
  room.messages.send({ userId: state.userId, nickname: state.nickname, html, clientId, answer });
}

/** The acknowledgement of a post: its id (the sender gave a clientId), or `{}`; or the refusal. */
function answerFor(reply: Reply, withId: boolean): PostAnswer {
  return (outcome) => {
    // A batch that failed to store: no answer (the client's ack times out and it resends).
    if (outcome instanceof Error) return console.error('[send-message] not stored', outcome);
    if ('code' in outcome) return reply(outcome);
    reply(withId ? { id: outcome.id as number } : {});
  };
}

/** The refusal for a payload the schema rejects, in the words the client shows. */
function refusalOf(raw: unknown) {
  const { text, clientId } = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (typeof text !== 'string') return EMPTY_MESSAGE;
  if (clientId !== undefined) return refused('invalid_payload', 'clientId must be a UUID');
  return REFUSED.wrongRoom;
}
