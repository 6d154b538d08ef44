/**
 * `loadHistory` pages back through a room's whole history: each answer is the newest messages
 * just before the id asked for, oldest first, with `hasMore` until the room's first message;
 * bounded like every history frame (at most 100 messages and 256 KB) and rate-limited per
 * person like joins.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { HISTORY_FRAME_BYTES, HISTORY_OLDER_MAX } from '../../contract/realtime';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { LOAD_HISTORY_BURST, LOADING_TOO_FAST } from '../../worker/chat/messages/load-history';
import { renderMessage } from '../../worker/chat/messages/render-message';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { createRoom, signedInOwnAddress } from './support/rooms';
import { TestSocket } from './support/socket';

async function roomWithHistory(count: number, text: (i: number) => string) {
  const owner = await signedInOwnAddress();
  const roomId = await createRoom(owner.client, 'Older', 'Owner');
  await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
    for (let i = 1; i <= count; i++)
      room.parts.messages.store.add(null, 'Owner', renderMessage(text(i)), 'user');
  });
  return { owner, roomId };
}

/** Emits loadHistory and answers the acknowledgement with the size of its frame. */
async function load(socket: TestSocket, payload: unknown) {
  const ack = await socket.emit('loadHistory', payload);
  const frame = socket.frames.filter((f) => /^43\d+\[/.test(f)).at(-1)!;
  return { ack, bytes: new TextEncoder().encode(frame).byteLength };
}

const ids = (messages: { id: number }[]) => messages.map((m) => m.id);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('loadHistory', () => {
  it('pages back to the first message, oldest first, each page just before the last', async () => {
    const { owner, roomId } = await roomWithHistory(130, (i) => `m${i}`);
    const socket = await TestSocket.joined(owner.client, roomId, 'Owner');
    const [first] = socket.events('chatHistory');
    expect(ids(first).at(0)).toBe(81);

    const a = (await load(socket, { before: 81 })).ack;
    expect(ids(a.messages)).toEqual(range(31, 80));
    expect(a.hasMore).toBe(true);
    expect(a.messages[0]).toMatchObject({ user: 'Owner', text: 'm31', messageType: 'user' });
    expect(typeof a.messages[0].createdAt).toBe('number');

    const b = (await load(socket, { before: 31, limit: 20 })).ack;
    expect(ids(b.messages)).toEqual(range(11, 30));
    expect(b.hasMore).toBe(true);

    // The last page reaches the first message and says there is nothing older.
    const c = (await load(socket, { before: 11, limit: 10 })).ack;
    expect(ids(c.messages)).toEqual(range(1, 10));
    expect(c.hasMore).toBe(false);

    const d = (await load(socket, { before: 1 })).ack;
    expect(d).toEqual({ messages: [], hasMore: false });
    socket.close();
  });

  it('answers at most 100 messages and 256 KB, the newest of them', async () => {
    const long = (i: number) => `${i} ` + '&<>'.repeat(633).slice(0, 1900 - String(i).length - 1);
    const { owner, roomId } = await roomWithHistory(300, long);
    const socket = await TestSocket.joined(owner.client, roomId, 'Owner');
    const { ack, bytes } = await load(socket, { before: 300, limit: HISTORY_OLDER_MAX });
    expect(bytes).toBeLessThanOrEqual(HISTORY_FRAME_BYTES);
    expect(ack.messages.length).toBeGreaterThan(10);
    expect(ack.messages.length).toBeLessThan(HISTORY_OLDER_MAX);
    expect(ack.hasMore).toBe(true);
    // Consecutive up to the one before 300: what is left out is the oldest part.
    expect(ids(ack.messages)).toEqual(range(300 - ack.messages.length, 299));
    socket.close();

    const short = await roomWithHistory(250, (i) => `s${i}`);
    const other = await TestSocket.joined(short.owner.client, short.roomId, 'Owner');
    const many = (await load(other, { before: 201, limit: 100 })).ack;
    expect(ids(many.messages)).toEqual(range(101, 200));
    expect(many.hasMore).toBe(true);
    other.close();
  });

  it('refuses a limit over 100, a missing or bad id, and a socket that has not joined', async () => {
    const { owner, roomId } = await roomWithHistory(20, (i) => `m${i}`);
    const { socket } = await TestSocket.connect(owner.client, roomId);
    expect((await load(socket, { before: 10 })).ack.error).toBe(
      'Join the room before loading history',
    );
    await socket.emit('join', { name: 'Owner', room: roomId });
    for (const bad of [{ before: 10, limit: 101 }, {}, { before: 'x' }, { before: -1 }, null]) {
      const { ack } = await load(socket, bad);
      expect(ack.error).toMatch(/loadHistory takes/);
      expect(ack.messages).toBeUndefined();
    }
    socket.close();
  });

  it('limits requests: past the burst, an error and no messages', async () => {
    const { owner, roomId } = await roomWithHistory(40, (i) => `m${i}`);
    const socket = await TestSocket.joined(owner.client, roomId, 'Owner');
    for (let i = 0; i < LOAD_HISTORY_BURST; i++) {
      expect((await load(socket, { before: 30, limit: 5 })).ack.messages).toHaveLength(5);
    }
    const refused = (await load(socket, { before: 30, limit: 5 })).ack;
    expect(refused).toEqual({ error: LOADING_TOO_FAST, code: 'rate_limited' });
    // The budget is the person's, not the socket's (person-budgets.test.ts).
    socket.close();
  });
});
