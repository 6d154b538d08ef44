/**
 * The Socket.IO layer's socket registry (worker/socket-io/registry.ts) across hibernation and
 * across a hook's await: a woken room still knows who went silent before it slept, and a socket
 * that ended while a hook awaited something stays ended.
 */
import {
  env,
  evictDurableObject,
  runDurableObjectAlarm,
  runInDurableObject,
} from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PRESENCE_INTERVAL_MS } from '../../worker/chat/presence/presence-batch';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { engineOf } from '../../worker/socket-io/internals';
import { newId, type SocketRecord } from '../../worker/socket-io/registry';
import type { SocketState } from '../../worker/chat/sockets/socket-state';
import { signedInClient } from './support/api';
import { createRoom, joinRoom, makePingRoundDue } from './support/rooms';
import { sleep, socketsOf } from './support/room-object';
import { TestSocket } from './support/socket';

const connectionsOf = (room: ChatRoom) => room.sockets();
const MINUTE = 60_000;

describe('the registry across hibernation', () => {
  it('a room woken from hibernation times out a socket that went silent before it slept', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Silent before sleep', 'Owner');
    const guest = await signedInClient();
    await joinRoom(guest.client, roomId, 'Guest');
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    const stub = roomStub(env, roomId);
    // As if both sockets last spoke a minute ago, when their attachments were written.
    await runInDurableObject(stub, (room: ChatRoom) => {
      for (const [ws, record] of socketsOf(room).entries()) {
        ws.serializeAttachment({ ...record, openedAt: Date.now() - MINUTE, heardAt: undefined });
      }
    });
    await evictDurableObject(stub, { webSockets: 'hibernate' });

    // Only the owner's pong comes, answered by the runtime while the room sleeps.
    a.send('3');
    await a.waitFor((frame) => frame === '6');
    await runInDurableObject(stub, (room: ChatRoom, state) => makePingRoundDue(room, state));
    await runDurableObjectAlarm(stub);

    await b.waitForClose();
    await a.waitFor((frame) => frame === '2');
    expect(a.closed).toBe(false);
    a.close();
  });

  it('what a socket says is noted in its attachment, at most once per half ping timeout', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Heard notes', 'Owner');
    const socket = await TestSocket.joined(owner.client, roomId, 'Owner');
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      const sockets = socketsOf(room);
      const [ws, record] = sockets.entries()[0]!;
      const attachment = () => ws.deserializeAttachment() as SocketRecord<SocketState>;
      const since = attachment().heardAt ?? record.openedAt;
      sockets.heard(ws, since + 9_999); // the rooms' ping timeout is 20 s
      expect(attachment().heardAt ?? record.openedAt).toBe(since);
      sockets.heard(ws, since + 10_000);
      expect(attachment().heardAt).toBe(since + 10_000);
      expect(sockets.lastHeard(ws)).toBe(since + 10_000);
    });
    socket.close();
  });
});

describe('a socket that ended while a hook awaited', () => {
  it('is not registered again by a later save, and its attachment is cleared', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Late save', 'Owner');
    const socket = await TestSocket.joined(owner.client, roomId, 'Owner');
    const stub = roomStub(env, roomId);
    // A hook's handle on the socket, kept across an await as room events keep theirs.
    const handle = await runInDurableObject(stub, (room: ChatRoom) => connectionsOf(room)[0]!);

    expect(handle.connected).toBe(true);
    socket.close();
    for (let i = 0; i < 50; i++) {
      const left = await runInDurableObject(stub, (room: ChatRoom) => socketsOf(room).size);
      if (left === 0) break;
      await sleep(20);
    }

    expect(handle.connected).toBe(false);
    await runInDurableObject(stub, (room: ChatRoom) => {
      handle.join('late-room');
      handle.data = { ...handle.data };
      handle.save();
      const sockets = socketsOf(room);
      expect(sockets.size).toBe(0);
      expect([...sockets.inRoom('/', 'late-room')]).toEqual([]);
      expect(connectionsOf(room)).toEqual([]);
      // A room woken now would not index it from getWebSockets() either.
      expect(handle.ws.deserializeAttachment()).toBeNull();
    });
  });
});

describe('a handle on a namespace connection', () => {
  it('is not connected once the client left and connected again on the same transport', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Same transport', 'Owner');
    const { socket } = await TestSocket.connect(owner.client, roomId);
    const stub = roomStub(env, roomId);
    const old = await runInDurableObject(stub, (room: ChatRoom) => connectionsOf(room)[0]!);
    expect(old.connected).toBe(true);
    const firstSid = old.id;
    socket.send('41');
    socket.send('40');
    await socket.waitFor(() => socket.frames.filter((f) => f.startsWith('40')).length === 2);
    await runInDurableObject(stub, (room: ChatRoom) => {
      const [now] = connectionsOf(room);
      expect(now!.connected).toBe(true);
      expect(now!.id).not.toBe(firstSid);
      expect(old.connected).toBe(false);
    });
    socket.close();
  });
});

describe('a join whose socket ends while D1 answers', () => {
  it('announces nobody', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Gone meanwhile', 'Owner');
    const guest = await signedInClient();
    await joinRoom(guest.client, roomId, 'Guest');
    const ownerSocket = await TestSocket.joined(owner.client, roomId, 'Owner');
    const { socket: guestSocket } = await TestSocket.connect(guest.client, roomId);
    const stub = roomStub(env, roomId);
    await runInDurableObject(stub, (room: ChatRoom) => {
      const sockets = socketsOf(room);
      const [ws, record] = sockets.entries().find(([, r]) => r.data.userId === guest.user.id)!;
      // No nickname from the upgrade, so the join reads D1; the socket ends as it does.
      record.data.memberAs = '';
      const parts = room.parts as { db: () => D1Database };
      const db = parts.db;
      parts.db = () => {
        parts.db = db;
        engineOf(room).end(ws, 1000, 'transport close');
        return db();
      };
    });
    guestSocket.send(`42["join",{"name":"Guest","room":"${roomId}"}]`);
    await guestSocket.waitForClose();
    await sleep(PRESENCE_INTERVAL_MS + 100); // presence news has gone out by then
    expect(ownerSocket.frames.filter((frame) => frame.includes('Guest has joined'))).toEqual([]);
    ownerSocket.close();
  });
});

describe('acknowledgements', () => {
  it('an event is acknowledged once, however often its handler answers', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'One answer', 'Owner');
    const socket = await TestSocket.joined(owner.client, roomId, 'Owner');
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      type Handler = (s: unknown, e: string, a: unknown[], ack?: (...x: unknown[]) => void) => void;
      (room as unknown as { onEvent: Handler }).onEvent = (_s, _e, _a, ack) => {
        ack?.('first');
        ack?.('second');
      };
    });
    socket.send('4277["anything"]');
    await socket.waitFor((frame) => frame.startsWith('4377'));
    await sleep(100);
    expect(socket.frames.filter((frame) => frame.startsWith('4377'))).toEqual(['4377["first"]']);
    socket.close();
  });
});

describe("the object's RPC surface", () => {
  it('does not offer what only a socket handle may ask (persist, disconnect)', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'No back door', 'Owner');
    const stub = roomStub(env, roomId) as unknown as Record<
      string,
      (...args: unknown[]) => unknown
    >;
    await expect(Promise.resolve().then(() => stub.persist!(null, null))).rejects.toThrow();
    await expect(Promise.resolve().then(() => stub.disconnect!(null, '/', true))).rejects.toThrow();
  });
});

describe('ids', () => {
  it('are 20 characters of base64url, and no two alike, across many draws of the pool', () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Every character of the alphabet turns up: the encoding covers all 64.
    expect(new Set(ids.join('')).size).toBe(64);
  });
});
