/**
 * The Socket.IO events of a room: join, sendMessage and leave, each answered through its
 * acknowledgement with `{ error }` when refused. Every payload is checked here, whatever the
 * client claims: the author, the id and the time of a message are the server's.
 */
import { HISTORY_PAGE, MESSAGE_MAX_LENGTH } from '../../contract/realtime';
import type { ChatMessage } from '../../contract/realtime';
import { HISTORY_LIMIT, type MessageStore } from './message-store';
import type { PresenceChange } from './presence-batch';
import { renderMessage } from './render-message';
import type { SocketRegistry } from './socket-registry';
import { safeSend } from './socket-registry';
import {
  ackFrame,
  connectErrorFrame,
  connectFrame,
  DISCONNECT_FRAME,
  eventFrame,
  NAMESPACE,
  PacketType,
  type SocketPacket,
} from './socket-protocol';
import { takeAllowance, type SocketState } from './socket-state';
import type { ViolationType } from '../security/security-events';

/** What the events need from the room object. */
export interface RoomHost {
  readonly roomId: string;
  readonly store: MessageStore;
  readonly sockets: SocketRegistry;
  readonly db: D1Database;
  postMessage(userId: string | null, nickname: string, html: string): Promise<ChatMessage>;
  /** Someone joined or left (the notice and roomData go out in the next presence batch). */
  presenceChanged(change?: { kind: PresenceChange; nickname: string; socket: WebSocket }): void;
  logViolation(
    state: SocketState,
    eventType: ViolationType,
    details: Record<string, unknown>,
  ): void;
}

/** A flooding socket is logged once per this long, not once per refused message. */
const FLOOD_LOG_INTERVAL_MS = 10_000;
const lastFloodLog = new WeakMap<WebSocket, number>();

type Reply = (answer: Record<string, unknown>) => void;

export async function handlePacket(
  room: RoomHost,
  ws: WebSocket,
  state: SocketState,
  packet: SocketPacket,
) {
  if (packet.nsp !== NAMESPACE) {
    // Rooms live on the default namespace only; Socket.IO servers answer others this way.
    if (packet.type === PacketType.CONNECT) {
      safeSend(ws, connectErrorFrame('Invalid namespace', packet.nsp.slice(0, 100)));
    }
    return;
  }
  if (packet.type === PacketType.CONNECT) {
    state.connected = true;
    room.sockets.save(ws, state);
    return safeSend(ws, connectFrame(state.sid));
  }
  if (packet.type === PacketType.DISCONNECT) {
    if (state.nickname) leaveRoom(room, ws, state);
    return ws.close(1000, 'client disconnected');
  }
  if (packet.type !== PacketType.EVENT || !state.connected) return; // acks and strays: ignored
  const [event, ...args] = Array.isArray(packet.data) ? packet.data : [];
  const reply: Reply = (answer) => {
    if (packet.id !== undefined) safeSend(ws, ackFrame(packet.id, answer));
  };
  switch (event) {
    case 'join':
      return join(room, ws, state, readJoin(args), reply);
    case 'sendMessage':
      return sendMessage(room, ws, state, args[0], reply);
    case 'leave':
      if (state.nickname) leaveRoom(room, ws, state);
      return reply({ result: 'You left the room' });
    default:
      return reply({ error: `Unknown event '${String(event).slice(0, 50)}'` });
  }
}

/** `join` comes as ({ name, room }) from our client, or (name, room) from others. */
function readJoin(args: unknown[]): { name?: unknown; room?: unknown; lastMessageId?: unknown } {
  const first = args[0];
  if (first && typeof first === 'object') return first as Record<string, unknown>;
  return { name: first, room: args[1] };
}

async function join(
  room: RoomHost,
  ws: WebSocket,
  state: SocketState,
  payload: { name?: unknown; room?: unknown; lastMessageId?: unknown },
  reply: Reply,
) {
  if (payload.room !== room.roomId) return reply({ error: 'This connection is for another room' });
  // The worker's check at the upgrade, kept current by its calls on a kick or a new nickname;
  // read from D1 when there is none (an administrator, or a socket that might be stale).
  const membership = state.memberAs
    ? { nickname: state.memberAs }
    : await room.db
        .prepare('SELECT nickname FROM memberships WHERE room_id = ? AND user_id = ?')
        .bind(room.roomId, state.userId)
        .first<{ nickname: string }>();
  if (!membership) {
    reply({ error: 'You are not a member of this room' });
    safeSend(ws, DISCONNECT_FRAME);
    return ws.close(1008, 'not a member');
  }
  const name = typeof payload.name === 'string' ? payload.name : '';
  if (name.toLowerCase() !== membership.nickname.toLowerCase()) {
    return reply({ error: `You are in this room as "${membership.nickname}"` });
  }
  const alreadyHere = room.sockets.joinedElsewhere(state.userId, ws);
  state.nickname = membership.nickname;
  room.sockets.save(ws, state);
  reply({});
  const after = Number.isSafeInteger(payload.lastMessageId) ? (payload.lastMessageId as number) : 0;
  // A reconnecting client names the last message it shows and gets everything after it.
  const history = room.store.since(after, after > 0 ? HISTORY_LIMIT : HISTORY_PAGE);
  safeSend(ws, eventFrame('chatHistory', history));
  room.presenceChanged(
    alreadyHere ? undefined : { kind: 'joined', nickname: membership.nickname, socket: ws },
  );
}

async function sendMessage(
  room: RoomHost,
  ws: WebSocket,
  state: SocketState,
  payload: unknown,
  reply: Reply,
) {
  if (!state.nickname) return reply({ error: 'Join the room before sending messages' });
  const { text, roomId } = (payload && typeof payload === 'object' ? payload : {}) as Record<
    string,
    unknown
  >;
  if (roomId !== undefined && roomId !== room.roomId) {
    return reply({ error: 'This connection is for another room' });
  }
  if (typeof text !== 'string' || text.trim() === '')
    return reply({ error: 'Message cannot be empty' });
  const trimmed = text.trim();
  if (trimmed.length > MESSAGE_MAX_LENGTH) {
    return reply({ error: `Message cannot exceed ${MESSAGE_MAX_LENGTH} characters` });
  }
  if (!takeAllowance(state)) {
    if (Date.now() - (lastFloodLog.get(ws) ?? 0) > FLOOD_LOG_INTERVAL_MS) {
      lastFloodLog.set(ws, Date.now());
      room.logViolation(state, 'rate_limited', { limit: 'socket-messages' });
    }
    return reply({ error: 'You are sending messages too fast' });
  }
  await room.postMessage(state.userId, state.nickname, renderMessage(trimmed));
  reply({});
}

/** A socket leaves (event, close or disconnect): the room hears it if the person is gone. */
export function leaveRoom(room: RoomHost, ws: WebSocket, state: SocketState) {
  const nickname = state.nickname;
  state.nickname = null;
  if (room.sockets.get(ws)) room.sockets.save(ws, state);
  const stillHere = room.sockets.joinedElsewhere(state.userId, ws);
  room.presenceChanged(nickname && !stillHere ? { kind: 'left', nickname, socket: ws } : undefined);
}
