/**
 * The message actions over time (issue 33): replies and their quotes, what a fresh join's
 * history and loadHistory show of reactions, edits and deletions, what a client that was away
 * is told (by connection-state recovery, or by a join with lastMessageId), and the room list's
 * excerpt once its newest message is deleted.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REPLY_EXCERPT_MAX } from '../../contract/realtime';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { handleEvent } from '../../worker/chat/room/room-events';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { eventsFor, flush, post, refusedWith, roomListEntry } from './support/messages';
import { ownerAndGuestJoined } from './support/rooms';
import { TestSocket } from './support/socket';

/** The socket's CONNECT answer and the offset of the last broadcast it got. */
function sessionOf(socket: TestSocket) {
  const { sid, pid } = JSON.parse(socket.frames.find((f) => f.startsWith('40'))!.slice(2));
  const broadcasts = socket.frames
    .filter((f) => f.startsWith('42['))
    .map((f) => JSON.parse(f.slice(2)) as unknown[])
    .filter((args) => typeof args.at(-1) === 'string');
  return { sid, pid, offset: broadcasts.at(-1)?.at(-1) as string };
}

/** Where the first frame of `event` (about message `id`, if given) is in the socket's frames. */
function frameIndex(socket: TestSocket, event: string, id?: number) {
  return socket.frames.findIndex((frame) => {
    if (!frame.startsWith('42[')) return false;
    const [name, payload] = JSON.parse(frame.slice(2)) as [string, { id?: number }];
    return name === event && (id === undefined || payload.id === id);
  });
}

describe('replies', () => {
  it("quote their original's author and plain text, cut at 100 characters", async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Replies' });
    const long = await post(a, roomId, `**Bold** start, then ${'y'.repeat(150)}`);
    const reply = await post(b, roomId, 'answering that', { replyTo: long.id });
    const plain = `Bold start, then ${'y'.repeat(150)}`;
    expect(reply.replyTo).toEqual({
      id: long.id,
      user: 'Owner',
      excerpt: `${plain.slice(0, REPLY_EXCERPT_MAX)}…`,
    });
    expect(reply.text).toBe('answering that');

    const short = await post(b, roomId, 'short *and* <sweet> & [linked](https://example.com)');
    const answer = await post(a, roomId, 'yes', { replyTo: short.id });
    expect(answer.replyTo).toEqual({
      id: short.id,
      user: 'Guest',
      excerpt: 'short and <sweet> & linked',
    });
    // Everyone got the same quote.
    expect((await eventsFor(b, 'message', answer.id))[0]).toEqual(answer);
    a.close();
    b.close();
  });

  it('are refused for a message not there or deleted, and nothing is sent', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Replies' });
    const gone = await post(a, roomId, 'soon deleted');
    expect(await a.emit('deleteMessage', { roomId, messageId: gone.id })).toEqual({});
    for (const replyTo of [gone.id, 9999]) {
      expect(await b.emit('sendMessage', { text: 'to nothing', roomId, replyTo })).toEqual(
        refusedWith('message_not_found'),
      );
    }
    const after = await post(b, roomId, 'still sending');
    const texts = a.events('message').filter((m) => m.messageType === 'user');
    expect(texts.map((m) => m.text)).toEqual(['soon deleted', 'still sending']);
    expect(after.id).toBe(gone.id + 1);
    a.close();
    b.close();
  });

  it('quote their original as it is when stored: an edit or a deletion while queued counts', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Replies' });
    const secret = await post(a, roomId, 'the secret words');
    const typo = await post(a, roomId, 'the tpyo');
    // In one event of the room, as in a busy one: the replies wait for the batch after the
    // message before them, and the author deletes one original and edits the other meanwhile.
    await runInDurableObject(roomStub(env, roomId), async (room: ChatRoom) => {
      const author = room.sockets().find((socket) => socket.data.nickname === 'Owner')!;
      const send = (text: string, replyTo?: number) =>
        handleEvent(room.parts, author, 'sendMessage', [
          { text, roomId, clientId: crypto.randomUUID(), replyTo },
        ]);
      send('busy');
      send('replying to the secret', secret.id);
      send('replying to the typo', typo.id);
      await handleEvent(room.parts, author, 'deleteMessage', [{ roomId, messageId: secret.id }]);
      handleEvent(room.parts, author, 'editMessage', [
        { roomId, messageId: typo.id, text: 'the typo' },
      ]);
    });
    await b.waitFor((frame) => frame.includes('replying to the typo'));
    const replies = b.events('message').filter((m) => m.text.startsWith('replying'));
    expect(replies.map((m) => m.replyTo)).toEqual([
      { id: secret.id, deleted: true },
      { id: typo.id, user: 'Owner', excerpt: 'the typo' },
    ]);
    const history = await b.emit('loadHistory', { before: typo.id + 10 });
    expect(JSON.stringify(history)).not.toContain('secret words');
    expect(JSON.stringify(history)).not.toContain('tpyo');
    a.close();
    b.close();
  });

  it('show an edited original as edited, and a deleted one as deleted, in history', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Replies' });
    const original = await post(a, roomId, 'the first words');
    const reply = await post(b, roomId, 'replying', { replyTo: original.id });
    const replyIn = async (history: 'join' | 'page') => {
      const fresh = await TestSocket.joined(guest.client, roomId, 'Guest');
      const messages =
        history === 'join'
          ? fresh.events('chatHistory')[0]
          : (await fresh.emit('loadHistory', { before: reply.id + 1 })).messages;
      fresh.close();
      return (messages as { id: number }[]).find((m) => m.id === reply.id) as Record<string, any>;
    };

    expect(
      await a.emit('editMessage', { roomId, messageId: original.id, text: 'the _new_ words' }),
    ).toEqual({});
    await eventsFor(b, 'messageUpdated', original.id);
    const requoted = { id: original.id, user: 'Owner', excerpt: 'the new words' };
    expect((await replyIn('join')).replyTo).toEqual(requoted);
    expect((await replyIn('page')).replyTo).toEqual(requoted);

    expect(await a.emit('deleteMessage', { roomId, messageId: original.id })).toEqual({});
    await eventsFor(b, 'messageDeleted', original.id);
    const deleted = { id: original.id, deleted: true };
    // The guest's own reply: their history frames say so (mine).
    expect(await replyIn('join')).toEqual({ ...reply, replyTo: deleted, mine: true });
    expect(await replyIn('page')).toEqual({ ...reply, replyTo: deleted, mine: true });
    a.close();
    b.close();
  });
});

describe('history after reactions, an edit and a deletion', () => {
  it("a fresh join's chatHistory and loadHistory's pages show them as they are now", async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'History' });
    const m1 = await post(a, roomId, 'first');
    const m2 = await post(a, roomId, 'second');
    const m3 = await post(a, roomId, 'third, @Guest');
    const m4 = await post(b, roomId, 'fourth');
    expect(await b.emit('react', { roomId, messageId: m1.id, emoji: '👍' })).toEqual({});
    expect(await a.emit('react', { roomId, messageId: m1.id, emoji: '🎉' })).toEqual({});
    expect(await b.emit('react', { roomId, messageId: m3.id, emoji: '😮' })).toEqual({});
    expect(
      await a.emit('editMessage', { roomId, messageId: m2.id, text: 'second, *edited*' }),
    ).toEqual({});
    expect(await a.emit('deleteMessage', { roomId, messageId: m3.id })).toEqual({});
    const [edit] = await eventsFor(b, 'messageUpdated', m2.id);
    await eventsFor(b, 'messageDeleted', m3.id);

    // As the guest's history says them: the owner's three, the guest's own fourth (mine).
    const expected = [
      {
        ...m1,
        mine: false,
        reactions: [
          { emoji: '👍', count: 1, nicknames: ['Guest'] },
          { emoji: '🎉', count: 1, nicknames: ['Owner'] },
        ],
      },
      { ...m2, text: 'second, <em>edited</em>', editedAt: edit.editedAt, mine: false },
      {
        id: m3.id,
        user: 'Owner',
        text: '',
        messageType: 'user',
        createdAt: m3.createdAt,
        deleted: true,
        mine: false,
      },
      { ...m4, mine: true },
    ];
    const fresh = await TestSocket.joined(guest.client, roomId, 'Guest');
    const [history, page] = JSON.parse(
      fresh.frames.find((frame) => frame.startsWith('42["chatHistory"'))!.slice(2),
    ).slice(1);
    expect(history).toEqual(expected);
    expect(page).toEqual({ hasMore: false });
    // loadHistory reads storage, not the memory a join is answered from: the same.
    const older = await fresh.emit('loadHistory', { before: m4.id + 1 });
    expect(older).toEqual({ messages: expected, hasMore: false });
    fresh.close();
    a.close();
    b.close();
  });
});

describe('a client that was away', () => {
  it('recovering its connection gets the reactions, edits and deletions it missed', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Away' });
    const m1 = await post(a, roomId, 'one');
    const m2 = await post(a, roomId, 'two');
    const m3 = await post(a, roomId, 'three');
    await eventsFor(b, 'message', m3.id);
    const { sid, pid, offset } = sessionOf(b);
    b.ws.close(4000); // the network drops: no Socket.IO DISCONNECT
    await a.waitFor((frame) => frame.includes('Guest has left the room'));

    expect(await a.emit('react', { roomId, messageId: m1.id, emoji: '👍' })).toEqual({});
    expect(await a.emit('editMessage', { roomId, messageId: m2.id, text: 'two!' })).toEqual({});
    expect(await a.emit('deleteMessage', { roomId, messageId: m3.id })).toEqual({});
    const [reactions] = await eventsFor(a, 'reactions', m1.id);
    const [update] = await eventsFor(a, 'messageUpdated', m2.id);

    const back = await TestSocket.open(guest.client, roomId);
    back.send(`40${JSON.stringify({ pid, offset })}`);
    expect(JSON.parse((await back.waitFor((f) => f.startsWith('40'))).slice(2))).toEqual({
      sid,
      pid,
    });
    expect(await eventsFor(back, 'reactions', m1.id)).toEqual([reactions]);
    expect(await eventsFor(back, 'messageUpdated', m2.id)).toEqual([update]);
    expect(await eventsFor(back, 'messageDeleted', m3.id)).toEqual([{ id: m3.id }]);
    expect(reactions).toEqual({
      id: m1.id,
      reactions: [{ emoji: '👍', count: 1, nicknames: ['Owner'] }],
    });
    // In the order they happened, and no history: the session is the one it had.
    expect(frameIndex(back, 'reactions')).toBeLessThan(frameIndex(back, 'messageUpdated'));
    expect(frameIndex(back, 'messageUpdated')).toBeLessThan(frameIndex(back, 'messageDeleted'));
    expect(back.events('chatHistory')).toEqual([]);
    a.close();
    back.close();
  });

  it('joining again with lastMessageId gets, after its history, the changes to what it shows', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Away' });
    const m1 = await post(a, roomId, 'one');
    const m2 = await post(a, roomId, 'two');
    const m3 = await post(a, roomId, 'three');
    const untouched = await post(a, roomId, 'four');
    await eventsFor(b, 'message', untouched.id);
    b.close();

    expect(await a.emit('react', { roomId, messageId: m1.id, emoji: '👍' })).toEqual({});
    expect(await a.emit('editMessage', { roomId, messageId: m2.id, text: 'two!' })).toEqual({});
    expect(await a.emit('deleteMessage', { roomId, messageId: m3.id })).toEqual({});
    const later = await post(a, roomId, 'five');
    expect(await a.emit('react', { roomId, messageId: later.id, emoji: '👀' })).toEqual({});
    const [update] = await eventsFor(a, 'messageUpdated', m2.id);
    await eventsFor(a, 'reactions', later.id);

    // A new connection, not a recovered one: the client names the last message it shows.
    const { socket } = await TestSocket.connect(guest.client, roomId);
    const lastMessageId = untouched.id as number;
    expect(await socket.emit('join', { name: 'Guest', room: roomId, lastMessageId })).toEqual({});
    const [history] = await socket.waitForEvent('chatHistory');
    // What came after: the new message, with its reaction already on it.
    expect(history).toEqual([
      { ...later, reactions: [{ emoji: '👀', count: 1, nicknames: ['Owner'] }], mine: false },
    ]);
    expect(await eventsFor(socket, 'messageUpdated', m2.id)).toEqual([update]);
    expect(await eventsFor(socket, 'messageDeleted', m3.id)).toEqual([{ id: m3.id }]);
    expect(await eventsFor(socket, 'reactions', m1.id)).toEqual([
      { id: m1.id, reactions: [{ emoji: '👍', count: 1, nicknames: ['Owner'] }] },
    ]);
    const historyAt = frameIndex(socket, 'chatHistory');
    for (const [event, id] of [
      ['messageUpdated', m2.id],
      ['messageDeleted', m3.id],
      ['reactions', m1.id],
    ] as const) {
      expect(frameIndex(socket, event, id), event).toBeGreaterThan(historyAt);
    }
    // Nothing about what did not change, nor about what its history already showed.
    for (const event of ['messageUpdated', 'messageDeleted', 'reactions']) {
      const ids = socket.events(event).map((payload) => payload.id);
      expect(ids, event).not.toContain(untouched.id);
      expect(ids, event).not.toContain(later.id);
    }
    socket.close();
    a.close();
  });
});

describe("the room list's excerpt", () => {
  it('moves back to the newest message still there once the newest is deleted', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Excerpt' });
    const older = await post(a, roomId, 'older *words*');
    const newest = await post(a, roomId, 'newest words');
    await flush(roomId);
    const excerpt = async () => (await roomListEntry(guest.client, roomId))?.lastMessageExcerpt;
    expect(await excerpt()).toEqual({ fullText: 'newest words', plainText: 'newest words' });

    expect(await a.emit('deleteMessage', { roomId, messageId: newest.id })).toEqual({});
    await eventsFor(b, 'messageDeleted', newest.id);
    expect(await flush(roomId)).toBe(true);
    expect(await excerpt()).toEqual({ fullText: older.text, plainText: 'older words' });

    // An edit of the message shown changes it too.
    expect(
      await a.emit('editMessage', { roomId, messageId: older.id, text: 'older, edited' }),
    ).toEqual({});
    await eventsFor(b, 'messageUpdated', older.id);
    expect(await flush(roomId)).toBe(true);
    expect(await excerpt()).toEqual({ fullText: 'older, edited', plainText: 'older, edited' });
    a.close();
    b.close();
  });
});
