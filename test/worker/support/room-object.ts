/**
 * Reaching into a room object from a test: its socket registry, and a cookie upgrade as the
 * worker forwards it after its D1 checks (the header of worker/chat/forwarded.ts).
 */
import { env } from 'cloudflare:test';
import type { ChatRoom } from '../../../worker/chat/room/chat-room';
import { FORWARDED_HEADER, forwardedValue } from '../../../worker/chat/upgrade/forwarded';
import { roomStub } from '../../../worker/room-calls/room-rpc';
import type { SocketState } from '../../../worker/chat/sockets/socket-state';
import { engineOf } from '../../../worker/socket-io/internals';
import { TestSocket } from './socket';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The room's socket registry (#private in the class: tests reach in through internals.ts). */
export const socketsOf = (room: ChatRoom) => engineOf<SocketState>(room).registry;

export interface ForwardedCookieUpgrade {
  roomId: string;
  roomName: string;
  userId: string;
  sessionId: string;
  nickname: string;
  ip: string;
  /** When the worker read the membership (`checkedAt`). */
  checkedAt: number;
}

/** The room's answer to such an upgrade, opened and accepted (the open packet awaited). */
export async function forwardedCookieUpgrade(upgrade: ForwardedCookieUpgrade) {
  const { roomId } = upgrade;
  const response = await roomStub(env, roomId).fetch(
    new Request(`https://room/socket.io/?EIO=4&transport=websocket&room=${roomId}`, {
      headers: {
        Upgrade: 'websocket',
        [FORWARDED_HEADER]: forwardedValue({
          userId: upgrade.userId,
          role: 'user',
          sessionId: upgrade.sessionId,
          roomId,
          roomName: upgrade.roomName,
          memberAs: upgrade.nickname,
          ip: upgrade.ip,
          checkedAt: upgrade.checkedAt,
          ticketIssuedAt: null,
          shareReads: true,
        }),
      },
    }),
  );
  const socket = TestSocket.wrap(response.webSocket!);
  await socket.waitFor((frame) => frame.startsWith('0{'));
  return socket;
}
