/**
 * The Socket.IO events of a room: join, sendMessage, loadHistory, read, typing and leave, each
 * answered through its acknowledgement with `{ error, code }` when refused. Every payload is parsed
 * with the contract's schemas, whatever the client claims: the author, the id and the time of
 * a message are the server's.
 */
import {
  joinSchema,
  MESSAGE_MAX_LENGTH,
  inRoomAs,
  readSchema,
  refused,
  REFUSED,
  SENDING_TOO_FAST,
  sendMessageSchema,
} from '../../contract/realtime';
import { isBlank, stripInvisibleInText } from '../../contract/invisible-characters';
import type { Ack } from '../socket-io';
import { historyPage } from './history-page';
import { JOINING_TOO_FAST } from './join-limit';
import { readJoinRights } from './join-check';
import { loadHistory } from './load-history';
import type { PersonLimit } from './person-limit';
import type { RoomGate } from './room-gate';
import type { RoomIdentity } from './room-identity';
import { ROOM_DELETED, SENDER_REMOVED, type RoomMessages } from './room-messages';
import { JOINED } from './room-occupants';
import type { RoomPresence } from './room-presence';
import type { RoomSecurityLog } from './room-security-log';
import { renderMessage } from './render-message';
import { takeAllowance, type RoomSocket } from './socket-state';
import { RateLimit } from './token-bucket';

/**
 * The parts of a room its events use, made by the room object. The events use these alone;
 * the parts reach the object only through what it handed them (its broadcast, its alarm, the
 * closing of an address's sockets).
 */
export interface RoomParts {
  readonly identity: RoomIdentity;
  readonly gate: RoomGate;
  readonly messages: RoomMessages;
  readonly presence: RoomPresence;
  /** Each person's message allowance across all their sockets. */
  readonly personMessages: PersonLimit;
  /** Each person's joins and history pages across all their sockets: each sends a frame. */
  readonly personJoins: PersonLimit;
  readonly personHistory: PersonLimit;
  readonly security: RoomSecurityLog;
  readonly db: () => D1Database;
}

/** An acknowledgement: a refusal (`{ error, code }`) or the event's answer. */
type Reply = (answer: object) => void;

export async function handleEvent(
  room: RoomParts,
  socket: RoomSocket,
  event: string,
  args: unknown[],
  ack?: Ack,
) {
  const reply: Reply = (answer) => ack?.(answer);
  switch (event) {
    case 'join':
      return join(room, socket, readJoin(args), reply);
    case 'sendMessage':
      return sendMessage(room, socket, args[0], reply);
    case 'loadHistory':
      if (!socket.data.nickname) {
        return reply(refused('not_joined', 'Join the room before loading history'));
      }
      return reply(
        loadHistory(room.messages.store, room.personHistory, socket.data.userId, args[0]),
      );
    case 'read':
      return read(room, socket, args[0], reply);
    case 'typing':
      // Ephemeral: dropped silently before a join or when faster than a person types.
      if (socket.data.nickname) room.presence.announceTyping(socket);
      return reply({});
    case 'leave':
      if (socket.data.nickname) leaveRoom(room, socket);
      return reply({ result: 'You left the room' });
    default:
      return reply(refused('unknown_event', `Unknown event '${event.slice(0, 50)}'`));
  }
}

const JOIN_FORM =
  'join takes { name: <your nickname here>, room: <room id>, lastMessageId?: <message id> }';

/** `join` comes as ({ name, room }) from our client, or (name, room) from others. */
function readJoin(args: unknown[]): unknown {
  const first = args[0];
  return first && typeof first === 'object' ? first : { name: first, room: args[1] };
}

async function join(room: RoomParts, socket: RoomSocket, raw: unknown, reply: Reply) {
  const parsed = joinSchema.safeParse(raw);
  if (!parsed.success) return reply(refused('invalid_payload', JOIN_FORM));
  const payload = parsed.data;
  if (payload.room !== room.identity.id) return reply(WRONG_ROOM);
  if (!room.personJoins.take(socket.data.userId)) {
    return reply(refused('rate_limited', JOINING_TOO_FAST));
  }
  const state = socket.data;
  // The room's own list, not the upgrade's check: this socket may predate the kick.
  if (room.gate.isBanned(state.userId)) {
    reply(REFUSED.banned);
    return socket.disconnect(true);
  }
  // The worker's check at the upgrade, kept current by its calls on a kick or a new nickname;
  // read from D1 when there is none (an administrator, or a socket that might be stale).
  const read = state.memberAs
    ? null
    : await readJoinRights(room.db(), room.identity.id, state.userId, state.sessionId);
  // The socket may have gone while D1 answered: nobody is left to join, or to announce.
  if (!socket.connected) return;
  if (read && !read.signedIn) {
    reply(REFUSED.notAuthenticated);
    return socket.disconnect(true);
  }
  // A rename that reached the room meanwhile set memberAs, newer than what D1 said before it.
  const memberAs = state.memberAs || read?.nickname;
  if (!memberAs) {
    reply(REFUSED.notMember);
    return socket.disconnect(true);
  }
  if (payload.name.toLowerCase() !== memberAs.toLowerCase()) {
    return reply({ ...refused('in_room_as', inRoomAs(memberAs)), nickname: memberAs });
  }
  // Joined already, here (a second join) or in another tab: the room heard it once.
  const alreadyHere =
    state.nickname !== null || room.presence.joinedElsewhere(state.userId, socket.ws);
  state.nickname = memberAs;
  socket.join(JOINED); // saves the nickname too
  reply({});
  // A reconnecting client names the last message it shows and gets what came after it, as
  // much as one bounded frame carries (history-page.ts).
  const { messages, page } = historyPage(room.messages.store, payload.lastMessageId ?? 0);
  socket.emit('chatHistory', messages, page);
  room.presence.changed(
    alreadyHere ? undefined : { kind: 'joined', nickname: memberAs, socket: socket.ws },
  );
}

async function sendMessage(room: RoomParts, socket: RoomSocket, raw: unknown, reply: Reply) {
  const state = socket.data;
  if (!state.nickname) {
    return reply(refused('not_joined', 'Join the room before sending messages'));
  }
  const parsed = sendMessageSchema.safeParse(raw);
  if (!parsed.success) return reply(refusalOf(raw));
  const { text, roomId, clientId } = parsed.data;
  if (roomId !== undefined && roomId !== room.identity.id) return reply(WRONG_ROOM);
  // A resend of a message already stored (or being stored): the first send's answer.
  const earlier = clientId ? room.messages.earlier(state.userId, clientId) : null;
  if (earlier) return reply({ id: (await earlier).id });
  const trimmed = stripInvisibleInText(text).trim();
  if (isBlank(trimmed)) return reply(EMPTY_MESSAGE);
  if (trimmed.length > MESSAGE_MAX_LENGTH) {
    return reply(
      refused('message_too_long', `Message cannot exceed ${MESSAGE_MAX_LENGTH} characters`),
    );
  }
  // The socket's allowance first, then the person's, so more sockets give no more messages.
  if (!takeAllowance(state) || !room.personMessages.take(state.userId)) {
    room.security.rateLimited(state, 'socket-messages');
    return reply(refused('rate_limited', SENDING_TOO_FAST));
  }
  // Acknowledged right before its broadcast, in the same event (message-batch.ts).
  await room.messages
    .post(state.userId, state.nickname, renderMessage(trimmed), clientId, (stored) =>
      reply(clientId ? { id: stored.id } : {}),
    )
    .catch((error: unknown) => {
      const why = (error as Error).message;
      if (why === ROOM_DELETED) reply(refused('room_deleted', why));
      else if (why === SENDER_REMOVED) reply(refused('sender_removed', why));
      else throw error;
    });
}

/** `read` events a socket may send: the client sends one a second at most, a flood is dropped. */
const READS_PER_SECOND = 2;
const READ_BURST = 5;
const reads = new RateLimit(READS_PER_SECOND, READ_BURST);

function read(room: RoomParts, socket: RoomSocket, raw: unknown, reply: Reply) {
  const state = socket.data;
  if (!state.nickname) {
    return reply(refused('not_joined', 'Join the room before marking messages read'));
  }
  const parsed = readSchema.safeParse(raw);
  if (!parsed.success) return reply(refused('invalid_payload', 'messageId must be a message id'));
  if (!reads.take(socket.ws)) return reply(refused('rate_limited', 'Too many reads'));
  room.messages.markRead(state.userId, parsed.data.messageId);
  reply({});
}

const WRONG_ROOM = REFUSED.wrongRoom;
const EMPTY_MESSAGE = refused('empty_message', 'Message cannot be empty');

/** The refusal for a payload the schema rejects, in the words the client shows. */
function refusalOf(raw: unknown) {
  const { text, clientId } = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (typeof text !== 'string') return EMPTY_MESSAGE;
  if (clientId !== undefined) return refused('invalid_payload', 'clientId must be a UUID');
  return WRONG_ROOM;
}

/** A socket leaves (event, close or disconnect): the room hears it if the person is gone. */
export function leaveRoom(room: RoomParts, socket: RoomSocket) {
  const nickname = socket.data.nickname;
  socket.data.nickname = null;
  if (socket.connected) socket.leave(JOINED); // saves the cleared nickname too
  const stillHere = room.presence.joinedElsewhere(socket.data.userId, socket.ws);
  room.presence.changed(
    nickname && !stillHere ? { kind: 'left', nickname, socket: socket.ws } : undefined,
  );
}
