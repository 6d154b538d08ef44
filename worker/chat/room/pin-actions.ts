/**
 * `pinMessage`, `unpinMessage` and `loadPins`: who may pin, checked here; the pins themselves
 * in messages/room-pins.ts. In an ordinary room the owner and administrators pin; in a private
 * conversation, which nobody owns, either of its two people. A pin or unpin takes from the
 * same allowance as sending (message-actions.ts), and is answered `{}` or `{ error, code }`.
 * Pinning what is pinned already, or unpinning what is not, is answered `{}` and changes
 * nothing (a click sent twice is no error); a notice is refused 'not_pinnable', a deleted
 * message 'message_not_found', a pin past PINS_MAX 'too_many_pins'.
 */
import {
  loadPinsSchema,
  pinMessageSchema,
  PINS_MAX,
  type LoadPinsAck,
} from '../../../contract/pins';
import { refused, REFUSED, type Ack } from '../../../contract/realtime';
import type { RoomSocket } from '../sockets/socket-state';
import { actionTarget, NOT_FOUND } from './message-actions';
import type { RoomParts } from './room-parts';

type Reply = (ack: Ack) => void;

const NOT_YOURS_TO_PIN = refused(
  'not_allowed',
  "Only the room's owner or an administrator can pin or unpin a message",
);
const NOT_PINNABLE = refused('not_pinnable', "Only people's messages can be pinned");
const TOO_MANY_PINS = refused(
  'too_many_pins',
  `A room can keep ${PINS_MAX} messages pinned: unpin one first`,
);

export async function pinMessage(room: RoomParts, socket: RoomSocket, raw: unknown, reply: Reply) {
  await changePin(room, socket, raw, reply, 'pinMessage');
}

export async function unpinMessage(
  room: RoomParts,
  socket: RoomSocket,
  raw: unknown,
  reply: Reply,
) {
  await changePin(room, socket, raw, reply, 'unpinMessage');
}

async function changePin(
  room: RoomParts,
  socket: RoomSocket,
  raw: unknown,
  reply: Reply,
  verb: 'pinMessage' | 'unpinMessage',
) {
  const parsed = pinMessageSchema.safeParse(raw);
  if (!parsed.success) {
    return reply(refused('invalid_payload', `${verb} takes { roomId, messageId }`));
  }
  const { roomId, messageId } = parsed.data;
  if (!actionTarget(room, socket, roomId, messageId, reply)) return;
  if (!(await mayPin(room, socket))) return reply(NOT_YOURS_TO_PIN);
  // D1 may have taken a moment: the message may be gone meanwhile.
  const now = room.messages.store.find(messageId);
  if (!now || now.message.deleted) return reply(NOT_FOUND);
  if (verb === 'unpinMessage') {
    room.messages.pins.unpin(messageId);
    return reply({});
  }
  if (now.message.messageType !== 'user') return reply(NOT_PINNABLE);
  reply(room.messages.pins.pin(now.message) === 'full' ? TOO_MANY_PINS : {});
}

/** The owner or an administrator; in a private conversation, one of its two people. */
async function mayPin(room: RoomParts, socket: RoomSocket): Promise<boolean> {
  const { userId, role } = socket.data;
  if (role === 'admin') return true;
  return (await room.members.isOwner(userId)) || (await room.members.isInPair(userId));
}

/**
 * The room's pins for a joined socket: the client asks once it joined (not part of the join,
 * whose cost the connect storms measure). Each answer is a frame, so it spends the person's
 * history allowance, as a history page does.
 */
export function loadPins(
  room: RoomParts,
  socket: RoomSocket,
  raw: unknown,
  reply: (ack: Partial<LoadPinsAck> & Ack) => void,
) {
  const state = socket.data;
  if (!state.nickname) return reply(refused('not_joined', 'Join the room before loading pins'));
  const parsed = loadPinsSchema.safeParse(raw ?? {});
  if (!parsed.success) return reply(refused('invalid_payload', 'loadPins takes { roomId }'));
  const { roomId } = parsed.data;
  if (roomId !== undefined && roomId !== room.identity.id) return reply(REFUSED.wrongRoom);
  if (!room.personHistory.take(state.userId)) {
    return reply(refused('rate_limited', 'Too many requests: try again in a moment'));
  }
  reply({ pins: room.messages.pins.all() });
}
