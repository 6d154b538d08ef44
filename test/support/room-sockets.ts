/** socket.io-client sockets of API clients, connected to a room as any other client would be. */
import { expect } from '@playwright/test';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { BASE_URL, type AppClient } from './api-client';

/** Gap between two sends of one member: within the room's per-socket message rate. */
const SEND_GAP_MS = 220;

export function connectToRoom(
  client: AppClient,
  roomId: string,
  options: Partial<ManagerOptions & SocketOptions> = {},
): Socket {
  return io(BASE_URL, {
    path: '/socket.io',
    transports: ['websocket'],
    query: { room: roomId },
    extraHeaders: { Cookie: client.cookie, 'CF-Connecting-IP': client.ip },
    ...options,
  });
}

/** A member's socket, connected and joined as `nickname`; `say` sends within the rate limit. */
export async function joinedMember(client: AppClient, roomId: string, nickname: string) {
  const socket = connectToRoom(client, roomId);
  await new Promise((resolve) => socket.once('connect', () => resolve(null)));
  expect(await socket.emitWithAck('join', { name: nickname, room: roomId })).toEqual({});
  return {
    socket,
    async say(texts: string[]) {
      for (const text of texts) {
        expect(await socket.emitWithAck('sendMessage', { text, roomId })).toEqual({});
        await new Promise((resolve) => setTimeout(resolve, SEND_GAP_MS));
      }
    },
  };
}
