/**
 * The bill's biggest saving (docs/cost.md): a room whose members are connected
 * but quiet hibernates. Nothing in the object may keep it awake (no timers, no pending work),
 * so the runtime evicts it on its own while the sockets stay open; the next frame wakes a new
 * instance, which carries on with the same sockets.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_PERSON } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { REFUSED_TAG } from '../../worker/socket-io/refusal';
import { signedInClient } from './support/api';
import { createRoom, joinRoom } from './support/rooms';
import { TestSocket } from './support/socket';

/** workerd evicts an idle object about 10 s after its last event; allow some margin. */
const IDLE_MS = 15_000;

const MARK = Symbol.for('hibernation-test-instance');
type Marked = { [MARK]?: string };

describe('an idle room with open sockets', () => {
  it(
    'is evicted by the runtime while its sockets stay open, and wakes for the next frame',
    async () => {
      const owner = await signedInClient();
      const roomId = await createRoom(owner.client, 'Quiet', 'Owner');
      const guest = await signedInClient();
      await joinRoom(guest.client, roomId, 'Guest');
      const a = await TestSocket.joined(owner.client, roomId, 'Owner');
      const b = await TestSocket.joined(guest.client, roomId, 'Guest');
      expect(await a.emit('sendMessage', { text: 'before the quiet', roomId })).toEqual({});

      // Tag the instance now running; a new instance (after eviction) has no tag.
      const stub = roomStub(env, roomId);
      const tag = crypto.randomUUID();
      await runInDurableObject(stub, (room) => {
        (room as unknown as Marked)[MARK] = tag;
      });
      const tagNow = await runInDurableObject(stub, (room) => (room as unknown as Marked)[MARK]);
      expect(tagNow).toBe(tag);

      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));

      const tagAfter = await runInDurableObject(stub, (room) => (room as unknown as Marked)[MARK]);
      expect(tagAfter).toBeUndefined();
      expect(a.closed).toBe(false);
      expect(b.closed).toBe(false);
      // The woken instance still serves both sockets.
      expect(await b.emit('sendMessage', { text: 'after the quiet', roomId })).toEqual({});
      await a.waitFor((frame) => frame.includes('after the quiet'));
      a.close();
      b.close();
    },
    IDLE_MS + 15_000,
  );
});

describe('a socket the room refuses', () => {
  it('is hibernatable (no timer keeps the room awake) and closed by the alarm', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Full', 'Owner');
    const open: TestSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_PERSON; i++) {
      open.push((await TestSocket.connect(owner.client, roomId)).socket);
    }
    // The eleventh socket waits for its CONNECT_ERROR; another never asks.
    const { socket: refused, answer } = await TestSocket.connect(owner.client, roomId);
    expect(answer).toBe(
      '44{"message":"Too many open connections to this room","data":{"code":"too_many_connections"}}',
    );
    await refused.waitForClose();
    const silent = await TestSocket.open(owner.client, roomId);
    const stub = roomStub(env, roomId);
    const held = await runInDurableObject(stub, (_room, state) => {
      const sockets = state.getWebSockets(REFUSED_TAG);
      // Its wait is over: the next alarm closes it.
      for (const ws of sockets)
        ws.serializeAttachment({ ...ws.deserializeAttachment(), closeBy: 0 });
      return sockets.length;
    });
    expect(held).toBe(1);
    expect(silent.closed).toBe(false);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await silent.waitForClose();
    // The room's own sockets are untouched, and a pending alarm still serves them.
    expect(open.every((socket) => !socket.closed)).toBe(true);
    open.forEach((socket) => socket.close());
  });
});
