/**
 * A room's connection store as the chat screen opens it, over the fake socket (fake-socket.ts).
 * Each test file still mocks socket.io-client with that fake itself: vi.mock is per file.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { RoomConnectionStore } from '../../client/features/chat/connection/room-connection-store';
import type { ChatMessage } from '../../contract/realtime';
import { sockets, type FakeSocket } from './fake-socket';

/**
 * Each test starts with no socket, and without tickets: the connection goes with its session
 * cookie (room-tickets.ts).
 */
export function withoutTickets() {
  beforeEach(() => {
    sockets.length = 0;
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
  });
  afterEach(() => vi.unstubAllGlobals());
}

/** A room screen as a page opens it: the account's outbox first, then the connection. */
export function openScreen(roomId: string, accountId: string) {
  const store = new RoomConnectionStore(roomId);
  store.keepOutboxFor(accountId);
  store.open('ada');
  return { store, socket: sockets.at(-1)! };
}

/** The socket connects, its join is answered, and the room's history arrives. */
export function join(socket: FakeSocket, history: ChatMessage[] = []) {
  socket.receive('connect');
  socket.last('join')!.ack!({});
  socket.receive('chatHistory', history);
}

/** A store whose connection under 'ada' has joined and shown the history. */
export function joinedStore(history: ChatMessage[] = []) {
  const store = new RoomConnectionStore('room-a');
  store.open('ada');
  const socket = sockets.at(-1)!;
  join(socket, history);
  return { store, socket };
}

/** The messages the screen has sent. */
export const sent = (socket: FakeSocket) =>
  socket.emitted.filter((emitted) => emitted.event === 'sendMessage');
