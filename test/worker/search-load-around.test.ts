/**
 * `loadHistory { around }` and `{ after }` (issue 35): the page a search result is on, and the
 * pages back towards the present after the jump; `{ before }` unchanged. Bounded like every
 * history frame, the message asked for always in it; an unknown or trimmed id is refused.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { HISTORY_FRAME_BYTES } from '../../contract/realtime';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { newHistoryLimit } from '../../worker/chat/messages/load-history';
import { HISTORY_LIMIT } from '../../worker/chat/messages/message-store';
import { renderMessage } from '../../worker/chat/messages/render-message';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { createRoom, signedInOwnAddress } from './support/rooms';
import { TestSocket } from './support/socket';

async function roomWithHistory(count: number, text: (i: number) => string = (i) => `m${i}`) {
  const owner = await signedInOwnAddress();
  const roomId = await createRoom(owner.client, 'Around', 'Owner');
  await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
    for (let i = 1; i <= count; i++)
      room.parts.messages.store.add(null, 'Owner', renderMessage(text(i)), 'user');
  });
  const socket = await TestSocket.joined(owner.client, roomId, 'Owner');
  return { roomId, socket };
}

/** A fresh history budget before each page, as the bursts are not what is tested here. */
async function load(roomId: string, socket: TestSocket, payload: unknown) {
  await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
    (room.parts as { personHistory: unknown }).personHistory = newHistoryLimit();
  });
  return socket.emit('loadHistory', payload);
}

const ids = (messages: { id: number }[]) => messages.map((m) => m.id);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('loadHistory around and after', () => {
  it('answers the message with 25 older and 25 newer, and the flags to go on both ways', async () => {
    const { roomId, socket } = await roomWithHistory(300);
    const page = await load(roomId, socket, { around: 100 });
    expect(ids(page.messages)).toEqual(range(75, 125));
    expect(page).toMatchObject({ hasMore: true, hasNewer: true });

    const first = await load(roomId, socket, { around: 3, limit: 10 });
    expect(ids(first.messages)).toEqual(range(1, 13));
    expect(first).toMatchObject({ hasMore: false, hasNewer: true });

    const last = await load(roomId, socket, { around: 298 });
    expect(ids(last.messages)).toEqual(range(273, 300));
    expect(last).toMatchObject({ hasMore: true, hasNewer: false });

    // Back to the present: pages after the newest shown, oldest first.
    const after = await load(roomId, socket, { after: 125 });
    expect(ids(after.messages)).toEqual(range(126, 175));
    expect(after).toEqual({ messages: expect.any(Array), hasMore: true, hasNewer: true });
    const end = await load(roomId, socket, { after: 250, limit: 100 });
    expect(ids(end.messages)).toEqual(range(251, 300));
    expect(end).toMatchObject({ hasMore: false, hasNewer: false });
    expect(await load(roomId, socket, { after: 300 })).toEqual({
      messages: [],
      hasMore: false,
      hasNewer: false,
    });

    // The old form is as it was.
    const before = await load(roomId, socket, { before: 100, limit: 5 });
    expect(before).toEqual({ messages: expect.any(Array), hasMore: true });
    expect(ids(before.messages)).toEqual(range(95, 99));
    socket.close();
  });

  it('keeps the message asked for in one frame, leaving out the farthest', async () => {
    const long = (i: number) => `${i} ` + '&<>'.repeat(633).slice(0, 1900 - String(i).length - 1);
    const { roomId, socket } = await roomWithHistory(120, long);
    await socket.emit('loadHistory', { around: 60, limit: 50 });
    const frame = socket.frames.filter((f) => /^43\d+\[/.test(f)).at(-1)!;
    expect(new TextEncoder().encode(frame).byteLength).toBeLessThanOrEqual(HISTORY_FRAME_BYTES);
    const page = await load(roomId, socket, { around: 60, limit: 50 });
    const got = ids(page.messages);
    expect(got).toContain(60);
    expect(got.length).toBeLessThan(101);
    // Consecutive, about as many each side.
    expect(got).toEqual(range(got[0]!, got.at(-1)!));
    expect(Math.abs(60 - got[0]! - (got.at(-1)! - 60))).toBeLessThanOrEqual(1);
    expect(page).toMatchObject({ hasMore: true, hasNewer: true });
    socket.close();
  });

  it('refuses an id never stored or trimmed, and payloads that are not one page', async () => {
    const { roomId, socket } = await roomWithHistory(HISTORY_LIMIT + 100);
    for (const id of [50, HISTORY_LIMIT + 500]) {
      const refused = await load(roomId, socket, { around: id });
      expect(refused).toEqual({ code: 'message_not_found', error: expect.any(String) });
    }
    expect(ids((await load(roomId, socket, { around: 101, limit: 2 })).messages)).toEqual([
      101, 102, 103,
    ]);
    for (const bad of [
      { around: 10, before: 10 },
      { around: 10, after: 10 },
      { around: 10, limit: 51 },
      { around: 0 },
      { after: 'x' },
      { after: 10, limit: 101 },
    ]) {
      const ack = await load(roomId, socket, bad);
      expect(ack.error, JSON.stringify(bad)).toMatch(/loadHistory takes/);
    }
    socket.close();
  });
});
