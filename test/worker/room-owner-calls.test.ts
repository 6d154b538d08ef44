/**
 * The hand-over's call to the room object (`ownerChanged`, worker/room-calls/room-rpc.ts) when
 * it does not simply land once: a retried call whose first attempt landed but whose answer was
 * lost runs twice in the object, and the room must still hear the new owner once; a call that
 * fails on every attempt leaves the hand-over standing in D1, so the route answers its success,
 * and the room reads its owner from D1 again on its own (RoomMembers, RELOAD_AFTER_MS).
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newOwnerNotice } from '../../contract/room-owner';
import { RELOAD_AFTER_MS } from '../../worker/chat/room/room-members';
import { escapeHtml } from '../../worker/chat/messages/render-message';
import { roomStub } from '../../worker/room-calls/room-rpc';
import type { Client } from './support/api';
import { post, refusedWith } from './support/messages';
import { ownerAndGuestJoined } from './support/rooms';
import type { TestSocket } from './support/socket';

const makeOwner = (client: Client, roomId: string, userId: string) =>
  client.call(`/rooms/${roomId}/owner`, { body: { userId } });

/** The hand-over notices a socket heard, by the nickname they name. */
const ownerNotices = (socket: TestSocket) =>
  socket
    .events('message')
    .filter(
      (m) => m.messageType !== 'user' && m.text.endsWith(escapeHtml(" is now the room's owner.")),
    )
    .map((m) => m.text as string);

const heard = (nickname: string) => escapeHtml(newOwnerNotice(nickname));

/** What the runtime throws when the network to an object broke: retryTransient tries again. */
const transient = () => Object.assign(new Error('Network connection lost.'), { retryable: true });

/**
 * From now on, the worker's `ownerChanged` calls go wrong as `how` says: 'answer lost' runs the
 * first attempt in the object and then throws as a broken connection would (the retry runs it
 * again); 'unreachable' throws on every attempt without reaching the object. Counts attempts.
 */
function ownerCallsGo(how: 'answer lost' | 'unreachable') {
  const attempts = { count: 0 };
  const get = env.CHAT_ROOM.get.bind(env.CHAT_ROOM);
  vi.spyOn(env.CHAT_ROOM, 'get').mockImplementation((id, options) => {
    const stub = get(id, options);
    return new Proxy(stub, {
      get(target, key) {
        if (key !== 'ownerChanged') {
          const value: unknown = Reflect.get(target, key);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return async (...args: Parameters<typeof stub.ownerChanged>) => {
          attempts.count += 1;
          if (how === 'unreachable') throw transient();
          await target.ownerChanged(...args);
          if (attempts.count === 1) throw transient();
        };
      },
    });
  });
  return attempts;
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** Both sockets have what the room sent before `text`, which `from` posts now. */
async function settled(from: TestSocket, to: TestSocket, roomId: string, text: string) {
  const sent = await post(from, roomId, text);
  await to.waitFor(() => to.events('message').some((m) => m.id === sent.id));
}

describe("the hand-over's call to the room", () => {
  it('is heard once when a retried call had landed already', async () => {
    const { owner, guest, roomId, a, b } = await ownerAndGuestJoined();
    const attempts = ownerCallsGo('answer lost');
    expect((await makeOwner(owner.client, roomId, guest.user.id)).status).toBe(200);
    vi.restoreAllMocks();
    expect(attempts.count).toBe(2);

    await settled(a, b, roomId, 'after the hand-over');
    for (const socket of [a, b]) {
      expect(ownerNotices(socket)).toEqual([heard('Guest')]);
      expect(socket.events('roomChanged')).toEqual([{ roomId, what: 'owner' }]);
    }
    a.close();
    b.close();
  });

  it('tells two real hand-overs in a row, there and back, each once', async () => {
    const { owner, guest, roomId, a, b } = await ownerAndGuestJoined();
    expect((await makeOwner(owner.client, roomId, guest.user.id)).status).toBe(200);
    expect((await makeOwner(guest.client, roomId, owner.user.id)).status).toBe(200);
    expect((await makeOwner(owner.client, roomId, guest.user.id)).status).toBe(200);

    await settled(a, b, roomId, 'after the hand-overs');
    for (const socket of [a, b]) {
      expect(ownerNotices(socket)).toEqual([heard('Guest'), heard('Owner'), heard('Guest')]);
      expect(socket.events('roomChanged')).toHaveLength(3);
    }
    a.close();
    b.close();
  });

  it('tells a repeated hand-over id once, and a call without an id (an older worker) each time', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined();
    const room = roomStub(env, roomId);
    await room.ownerChanged('Guest', 'hand-over-1');
    await room.ownerChanged('Guest', 'hand-over-1');
    await room.ownerChanged('Owner');
    await room.ownerChanged('Owner');

    await settled(a, b, roomId, 'after the calls');
    for (const socket of [a, b]) {
      expect(ownerNotices(socket)).toEqual([heard('Guest'), heard('Owner'), heard('Owner')]);
    }
    a.close();
    b.close();
  });

  it('answers the hand-over when the room cannot be reached, and the room reads its owner again', async () => {
    const { owner, guest, roomId, a, b } = await ownerAndGuestJoined();
    // The room reads its owner before the change, as in room-owner.test.ts.
    const first = await post(b, roomId, 'a guest message');
    expect(await a.emit('deleteMessage', { roomId, messageId: first.id })).toEqual({});
    const second = await post(b, roomId, 'another guest message');
    const owners = await post(a, roomId, 'an owner message');

    const attempts = ownerCallsGo('unreachable');
    const res = await makeOwner(owner.client, roomId, guest.user.id);
    vi.restoreAllMocks();
    expect(attempts.count).toBe(3);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: newOwnerNotice('Guest') });
    const members = await guest.client.call(`/rooms/${roomId}/members`);
    expect(members.body).toMatchObject({ isOwner: true, roomCreator: guest.user.id });

    // The room never heard: no later than RELOAD_AFTER_MS after its last read of D1, the old
    // owner's socket may no longer delete anyone's message, and the new owner's may.
    const later = Date.now() + RELOAD_AFTER_MS + 1_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect(await a.emit('deleteMessage', { roomId, messageId: second.id })).toEqual(
      refusedWith('not_allowed'),
    );
    expect(await b.emit('deleteMessage', { roomId, messageId: owners.id })).toEqual({});
    vi.restoreAllMocks();
    a.close();
    b.close();
  });
});
