/**
 * History frames are bounded: the attack is a member asking, over and over, for the whole
 * stored history (5,000 long messages, megabytes a frame) by naming an old id in `join`. A
 * client that is simply behind still gets the newest messages, and learns that older exist.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { HISTORY_FRAME_BYTES, HISTORY_PAGE, HISTORY_RESUME_MAX } from '../../contract/realtime';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { JOINS_BURST } from '../../worker/chat/room/join-limit';
import { renderMessage } from '../../worker/chat/messages/render-message';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { createRoom, signedInOwnAddress } from './support/rooms';
import { TestSocket } from './support/socket';

/** A room whose history holds `count` messages made by `text(i)`, stored as the room would. */
async function roomWithHistory(count: number, text: (i: number) => string) {
  const owner = await signedInOwnAddress();
  const roomId = await createRoom(owner.client, 'History', 'Owner');
  await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
    for (let i = 1; i <= count; i++)
      room.parts.messages.store.add(null, 'Owner', renderMessage(text(i)), 'user');
  });
  return { owner, roomId };
}

/** Joins and answers the chatHistory frame as it went over the wire, and its arguments. */
async function joinFor(
  socket: TestSocket,
  roomId: string,
  lastMessageId?: number,
): Promise<{ bytes: number; messages: any[]; page: { hasMore: boolean } }> {
  const before = socket.events('chatHistory').length;
  const ack = await socket.emit('join', { name: 'Owner', room: roomId, lastMessageId });
  expect(ack).toEqual({});
  await socket.waitForEvent('chatHistory', before + 1);
  const frame = socket.frames.filter((f) => f.startsWith('42["chatHistory"')).at(-1)!;
  const [, messages, page] = JSON.parse(frame.slice(2));
  return { bytes: new TextEncoder().encode(frame).byteLength, messages, page };
}

const long = (i: number) => `${i} ` + '&<>'.repeat(633).slice(0, 1900 - String(i).length - 1);

describe('history frames', () => {
  it('answers `lastMessageId: 1` over long messages with at most 256 KB, newest included', async () => {
    const { owner, roomId } = await roomWithHistory(300, long);
    const { socket } = await TestSocket.connect(owner.client, roomId);
    const { bytes, messages, page } = await joinFor(socket, roomId, 1);
    expect(bytes).toBeLessThanOrEqual(HISTORY_FRAME_BYTES);
    expect(messages.length).toBeLessThanOrEqual(HISTORY_RESUME_MAX);
    expect(messages.length).toBeGreaterThan(10);
    expect(page).toEqual({ hasMore: true });
    expect(messages.at(-1).id).toBe(300);
    // Consecutive, oldest first: the newest page, not a sample.
    expect(messages.map((m) => m.id)).toEqual(
      Array.from({ length: messages.length }, (_, i) => 301 - messages.length + i),
    );
    // The escaped text is what was measured: 1,900 characters become about 8,000.
    expect(messages[0].text).toContain('&amp;&lt;&gt;');
    socket.close();
  });

  it('answers a resumption far behind with the newest 100 and hasMore', async () => {
    const { owner, roomId } = await roomWithHistory(250, (i) => `short ${i}`);
    const { socket } = await TestSocket.connect(owner.client, roomId);
    const behind = await joinFor(socket, roomId, 1);
    expect(behind.messages.length).toBe(HISTORY_RESUME_MAX);
    expect(behind.messages.at(-1).id).toBe(250);
    expect(behind.page).toEqual({ hasMore: true });
    // A client only a little behind gets exactly what it missed.
    const close = await joinFor(socket, roomId, 245);
    expect(close.messages.map((m) => m.id)).toEqual([246, 247, 248, 249, 250]);
    expect(close.page).toEqual({ hasMore: false });
    socket.close();
  });

  it('tells a fresh join whether older messages exist than its page', async () => {
    const full = await roomWithHistory(HISTORY_PAGE, (i) => `m${i}`);
    const a = (await TestSocket.connect(full.owner.client, full.roomId)).socket;
    const exact = await joinFor(a, full.roomId);
    expect(exact.messages.length).toBe(HISTORY_PAGE);
    expect(exact.page).toEqual({ hasMore: false });
    a.close();

    const more = await roomWithHistory(HISTORY_PAGE + 1, (i) => `m${i}`);
    const b = (await TestSocket.connect(more.owner.client, more.roomId)).socket;
    const page = await joinFor(b, more.roomId);
    expect(page.messages.length).toBe(HISTORY_PAGE);
    expect(page.messages[0].id).toBe(2);
    expect(page.page).toEqual({ hasMore: true });
    b.close();
  });

  it('limits joins: past the burst in a row, an error and no history', async () => {
    const { owner, roomId } = await roomWithHistory(20, (i) => `m${i}`);
    const { socket } = await TestSocket.connect(owner.client, roomId);
    for (let i = 0; i < JOINS_BURST; i++) {
      expect(await socket.emit('join', { name: 'Owner', room: roomId, lastMessageId: 1 })).toEqual(
        {},
      );
    }
    await socket.waitForEvent('chatHistory', JOINS_BURST);
    const next = await socket.emit('join', { name: 'Owner', room: roomId, lastMessageId: 1 });
    expect(next).toEqual({ error: 'You are joining too fast', code: 'rate_limited' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.events('chatHistory')).toHaveLength(JOINS_BURST);
    // The budget is the person's, not the socket's (person-budgets.test.ts).
    socket.close();
  });
});
