/**
 * "<nickname> is typing…": a joined socket's `typing` reaches the others in the room as
 * `typing` `{ nickname }`, never the typist's own sockets, not at all when nobody else is
 * there, at most TYPING_BURST at once and then one per TYPING_MIN_INTERVAL_MS per person
 * (whatever their tabs), and is never stored.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { TYPING_BURST, TYPING_MIN_INTERVAL_MS } from '../../worker/chat/presence/typing';
import { signedInClient } from './support/api';
import { createRoom, ownerAndGuest, ownerAndGuestJoined } from './support/rooms';
import { TestSocket } from './support/socket';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const typing = (socket: TestSocket) => socket.send('42["typing"]');
/** Frames are in order: once this ack is back, any typing frame sent before it has arrived. */
const settle = async (...sockets: TestSocket[]) => {
  await sleep(50);
  for (const socket of sockets) await socket.emit('loadHistory', { before: 1 });
};

/** Records the events the room broadcasts from now on (the method is protected: tests reach in). */
async function recordBroadcasts(roomId: string) {
  const events: string[] = [];
  await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
    const holder = room as unknown as { broadcast: (event: string, ...rest: unknown[]) => void };
    const original = holder.broadcast.bind(room);
    holder.broadcast = (event, ...rest) => {
      events.push(event);
      original(event, ...rest);
    };
  });
  return events;
}

async function loggedFrames(roomId: string) {
  return runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) =>
    state.storage.sql
      .exec<{ frame: string }>('SELECT frame FROM sio_packets')
      .toArray()
      .map((row) => row.frame),
  );
}

describe('typing', () => {
  it('tells nobody when the typist is alone, even in several tabs', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Alone', 'Owner');
    const tab1 = await TestSocket.joined(owner.client, roomId, 'Owner');
    const tab2 = await TestSocket.joined(owner.client, roomId, 'Owner');
    const broadcasts = await recordBroadcasts(roomId);
    typing(tab1);
    expect(await tab1.emit('typing')).toEqual({});
    await settle(tab1, tab2);
    expect(tab1.events('typing')).toEqual([]);
    expect(tab2.events('typing')).toEqual([]);
    expect(broadcasts).not.toContain('typing');
    tab1.close();
    tab2.close();
  });

  it("reaches the others with the typist's room nickname, throttled, never stored", async () => {
    const { owner, roomId, a, b } = await ownerAndGuestJoined({ name: 'Chatty' });
    const aOtherTab = await TestSocket.joined(owner.client, roomId, 'Owner');
    const broadcasts = await recordBroadcasts(roomId);

    for (let i = 0; i < TYPING_BURST + 3; i++) typing(a); // beyond the burst: dropped
    await b.waitForEvent('typing', TYPING_BURST);
    await settle(a, aOtherTab, b);
    expect(b.events('typing')).toEqual(Array(TYPING_BURST).fill({ nickname: 'Owner' }));
    expect(broadcasts.filter((event) => event === 'typing')).toHaveLength(TYPING_BURST);
    expect(a.events('typing')).toEqual([]);
    expect(aOtherTab.events('typing')).toEqual([]);

    await sleep(TYPING_MIN_INTERVAL_MS + 50);
    typing(a);
    await b.waitForEvent('typing', TYPING_BURST + 1);
    typing(b);
    await a.waitForEvent('typing');
    await aOtherTab.waitForEvent('typing');
    expect(a.events('typing')).toEqual([{ nickname: 'Guest' }]);
    expect(aOtherTab.events('typing')).toEqual([{ nickname: 'Guest' }]);

    const logged = await loggedFrames(roomId);
    expect(logged.some((frame) => frame.includes('"typing"'))).toBe(false);
    // A volatile event carries no recovery offset: the payload is its last argument.
    const raw = b.frames.find((frame) => frame.startsWith('42["typing"'));
    expect(JSON.parse(raw!.slice(2))).toEqual(['typing', { nickname: 'Owner' }]);
    [a, aOtherTab, b].forEach((socket) => socket.close());
  });

  it("passes a person's typing at the rate of one typist, however many tabs they type from", async () => {
    const { owner, roomId, a, b } = await ownerAndGuestJoined({ name: 'Many tabs' });
    const tabs = [a];
    for (let i = 0; i < 3; i++) tabs.push(await TestSocket.joined(owner.client, roomId, 'Owner'));
    // Each tab spends its own burst at once: four tabs were four typists' worth of frames.
    for (const tab of tabs) for (let i = 0; i < TYPING_BURST; i++) typing(tab);
    await b.waitForEvent('typing', TYPING_BURST);
    await settle(...tabs, b);
    expect(b.events('typing')).toHaveLength(TYPING_BURST);
    [...tabs, b].forEach((socket) => socket.close());
  });

  it('ignores typing from a socket that has not joined', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Lurker' });
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const { socket: lurker } = await TestSocket.connect(guest.client, roomId);
    typing(lurker);
    await settle(a);
    expect(a.events('typing')).toEqual([]);
    a.close();
    lurker.close();
  });
});
