/**
 * The Socket.IO events of a room, one handler each in a map typed by the contract's
 * ClientToServerEvents: join, sendMessage, loadHistory, read, typing, leave and the actions on a
 * message (react, editMessage, deleteMessage: message-actions.ts), its pins (pinMessage,
 * unpinMessage, loadPins: pin-actions.ts), each answered
 * through its acknowledgement with `{ error, code }` when refused. Every payload is parsed with
 * the contract's schemas, whatever the client claims.
 */
import {
  leaveSchema,
  readSchema,
  refused,
  REFUSED,
  type ClientToServerEvents,
  type ReadPayload,
} from '../../../contract/realtime';
import type { Ack, AckOf, EventNames } from '../../socket-io';
import { loadHistory } from '../messages/load-history';
import { SEEN } from '../messages/seen-positions';
import { JOINED, type RoomSocket } from '../sockets/socket-state';
import { RateLimit } from '../sockets/token-bucket';
import { join, readJoin } from './join-event';
import { deleteMessage, editMessage, react } from './message-actions';
import { loadPins, pinMessage, unpinMessage } from './pin-actions';
import type { RoomParts } from './room-parts';
import { sendMessage } from './send-message';

type Events = ClientToServerEvents;
type Handler<E extends EventNames<Events>> = (
  room: RoomParts,
  socket: RoomSocket,
  args: unknown[],
  reply: AckOf<Events, E>,
) => void | Promise<void>;

const handlers: { [E in EventNames<Events>]: Handler<E> } = {
  join: (room, socket, args, reply) => join(room, socket, readJoin(args), reply),
  sendMessage: (room, socket, args, reply) => sendMessage(room, socket, args[0], reply),
  loadHistory: (room, socket, args, reply) => {
    if (!socket.data.nickname) {
      return reply(refused('not_joined', 'Join the room before loading history'));
    }
    reply(loadHistory(room.messages.store, room.personHistory, socket.data.userId, args[0]));
  },
  read: (room, socket, args, reply) => read(room, socket, args[0], reply),
  typing: (room, socket, _args, reply) => {
    // Ephemeral: dropped silently before a join or when faster than a person types.
    if (socket.data.nickname) room.presence.announceTyping(socket);
    reply({});
  },
  react: (room, socket, args, reply) => react(room, socket, args[0], reply),
  editMessage: (room, socket, args, reply) => editMessage(room, socket, args[0], reply),
  deleteMessage: (room, socket, args, reply) => deleteMessage(room, socket, args[0], reply),
  pinMessage: (room, socket, args, reply) => pinMessage(room, socket, args[0], reply),
  unpinMessage: (room, socket, args, reply) => unpinMessage(room, socket, args[0], reply),
  loadPins: (room, socket, args, reply) => loadPins(room, socket, args[0], reply),
  leave: (room, socket, args, reply) => {
    // The room it names must be this one: a leave meant for another room (a client that
    // switched rooms) must not take this socket out of this one. Without a payload (older
    // clients), it means this room.
    const parsed = leaveSchema.optional().safeParse(args[0]);
    if (!parsed.success) return reply(refused('invalid_payload', 'leave takes { room }'));
    const named = parsed.data?.room;
    if (named !== undefined && named !== room.identity.id) return reply(REFUSED.wrongRoom);
    if (socket.data.nickname) leaveRoom(room, socket);
    reply({ result: 'You left the room' });
  },
};

/** An event the client asked no acknowledgement for: its answer goes nowhere. */
const unanswered: Ack = () => {};

export function handleEvent(
  room: RoomParts,
  socket: RoomSocket,
  event: string,
  args: unknown[],
  ack: Ack = unanswered,
) {
  if (!Object.hasOwn(handlers, event)) {
    return ack(refused('unknown_event', `Unknown event '${event.slice(0, 50)}'`));
  }
  // One handler per name: the map's type holds each to its event's acknowledgement.
  const handler = handlers[event as EventNames<Events>] as Handler<EventNames<Events>>;
  return handler(room, socket, args, ack as never);
}

/** `read` events a socket may send: the client sends one a second at most, a flood is dropped. */
const READS_PER_SECOND = 2;
const READ_BURST = 5;
const reads = new RateLimit(READS_PER_SECOND, READ_BURST);

function read(room: RoomParts, socket: RoomSocket, raw: unknown, reply: Ack) {
  const state = socket.data;
  if (!state.nickname) {
    return reply(refused('not_joined', 'Join the room before marking messages read'));
  }
  const parsed = readSchema.safeParse(raw);
  if (!parsed.success) return reply(refused('invalid_payload', 'messageId must be a message id'));
  if (!reads.take(socket.ws)) return reply(refused('rate_limited', 'Too many reads'));
  const { messageId }: ReadPayload = parsed.data;
  const readTo = room.messages.markRead(state.userId, messageId);
  if (state.shareReads && readTo > 0)
    room.messages.seen.moved(state.userId, state.nickname, readTo);
  reply({});
}

/** A socket leaves (event, close or disconnect): the room hears it if the person is gone. */
export function leaveRoom(room: RoomParts, socket: RoomSocket) {
  const nickname = socket.data.nickname;
  socket.data.nickname = null;
  if (socket.connected) {
    socket.leave(SEEN);
    socket.leave(JOINED); // saves the cleared nickname too
  }
  const { userId } = socket.data;
  // Still listed under this nickname from another tab: the online list is as it was.
  if (nickname && room.presence.listedElsewhereAs(userId, nickname, socket.ws)) return;
  const stillHere = room.presence.joinedElsewhere(userId, socket.ws);
  room.presence.changed(
    nickname && !stillHere ? { kind: 'left', nickname, socket: socket.ws } : undefined,
  );
}
