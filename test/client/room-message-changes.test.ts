import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../contract/realtime';
import { RoomConnectionStore } from '../../client/features/chat/connection/room-connection-store';
import { sockets } from './fake-socket';
import { joinedStore, withoutTickets } from './room-screen';

vi.mock('socket.io-client', () =>
  import('./fake-socket').then((m) => ({
    io: (...args: Parameters<typeof m.fakeSocketIoClient.io>) =>
      Object.assign(m.fakeSocketIoClient.io(...args), { active: true }),
  })),
);

const message = (id: number, user: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  user,
  text: `<p>message ${id}</p>`,
  messageType: 'user',
  createdAt: id,
  ...extra,
});

const shown = (store: RoomConnectionStore) => store.getSnapshot().messages;
const byId = (store: RoomConnectionStore, id: number) => shown(store).find((m) => m.id === id);

withoutTickets();

describe('changes to listed messages', () => {
  it('puts a message’s reactions in place, and takes them away when none are left', () => {
    const { store, socket } = joinedStore([message(1, 'bob'), message(2, 'ada')]);
    const before = shown(store);
    const untouched = before[1];
    const reactions = [{ emoji: '👍', count: 2, nicknames: ['ada', 'bob'] }];
    socket.receive('reactions', { id: 1, reactions });
    expect(byId(store, 1)?.reactions).toEqual(reactions);
    // Immutable: a new list and a new message, the others kept as they were.
    expect(shown(store)).not.toBe(before);
    expect(before[0]?.reactions).toBeUndefined();
    expect(shown(store)[1]).toBe(untouched);

    socket.receive('reactions', { id: 1, reactions: [] });
    expect(byId(store, 1)?.reactions).toBeUndefined();
    store.leave();
  });

  it('ignores changes that fail their schema, or name a message not shown', () => {
    const { store, socket } = joinedStore([message(1, 'bob')]);
    const before = store.getSnapshot();
    socket.receive('reactions', { id: '1', reactions: 'lots' });
    socket.receive('messageUpdated', { id: 1 });
    socket.receive('messageDeleted', {});
    socket.receive('seen', { positions: [{ nickname: 'bob' }] });
    socket.receive('reactions', { id: 99, reactions: [] });
    expect(store.getSnapshot()).toBe(before);
    store.leave();
  });

  it('notes a deletion of a message not shown (a reply to it learns it is gone), once', () => {
    const { store, socket } = joinedStore([message(1, 'bob')]);
    const before = shown(store);
    socket.receive('messageDeleted', { id: 99 });
    socket.receive('messageDeleted', { id: 99 });
    expect(shown(store)).toBe(before);
    expect(store.getSnapshot().heardDeleted).toEqual([99]);
    socket.receive('messageDeleted', { id: 1 });
    expect(store.getSnapshot().heardDeleted).toEqual([99, 1]);
    store.leave();
  });

  it('shows an edit with its time and mentions, and the replies quote the new text', () => {
    const reply = message(2, 'bob', { replyTo: { id: 1, user: 'ada', excerpt: 'message 1' } });
    const { store, socket } = joinedStore([message(1, 'ada'), reply]);
    const long = 'x'.repeat(150);
    socket.receive('messageUpdated', {
      id: 1,
      text: `<p>hello <span class="mention">@bob</span><br>${long}</p>`,
      editedAt: 50,
      mentions: ['bob'],
    });
    expect(byId(store, 1)).toMatchObject({ editedAt: 50, mentions: ['bob'] });
    expect(byId(store, 1)?.text).toContain('@bob');
    const quote = byId(store, 2)?.replyTo;
    expect(quote).toMatchObject({ id: 1, user: 'ada' });
    const excerpt = (quote as { excerpt: string }).excerpt;
    expect(excerpt).toBe(`${`hello @bob ${long}`.slice(0, 100)}…`);

    // Emptied (a message with files), the quote keeps what it said (the files' label).
    const photo = message(3, 'ada', { text: '' });
    const toPhoto = message(4, 'bob', { replyTo: { id: 3, user: 'ada', excerpt: 'Photo' } });
    socket.receive('message', photo);
    socket.receive('message', toPhoto);
    socket.receive('messageUpdated', { id: 3, text: '', editedAt: 60 });
    expect(byId(store, 4)?.replyTo).toEqual({ id: 3, user: 'ada', excerpt: 'Photo' });

    // A caption taken away: the quote says what the room's does, the files' label.
    const file = { id: 'f1', name: 'p.png', size: 4, type: 'image/png', url: '/api/files/f1' };
    socket.receive('message', message(5, 'ada', { text: '<p>a caption</p>', files: [file] }));
    socket.receive(
      'message',
      message(6, 'bob', { replyTo: { id: 5, user: 'ada', excerpt: 'a caption' } }),
    );
    socket.receive('messageUpdated', { id: 5, text: '', editedAt: 70 });
    expect(byId(store, 6)?.replyTo).toEqual({ id: 5, user: 'ada', excerpt: 'Photo' });
    store.leave();
  });

  it('makes a deleted message a placeholder, and the replies to it say the original is gone', () => {
    const original = message(1, 'ada', {
      reactions: [{ emoji: '🎉', count: 1, nicknames: ['bob'] }],
      mentions: ['bob'],
    });
    const reply = message(2, 'bob', { replyTo: { id: 1, user: 'ada', excerpt: 'message 1' } });
    const { store, socket } = joinedStore([original, reply, message(3, 'bob')]);
    socket.receive('messageDeleted', { id: 1 });
    expect(byId(store, 1)).toEqual({
      ...original,
      text: '',
      deleted: true,
      reactions: undefined,
      mentions: undefined,
      files: undefined,
    });
    expect(byId(store, 2)?.replyTo).toEqual({ id: 1, deleted: true });
    expect(byId(store, 2)?.text).toBe(reply.text);
    // A later edit or reaction does not bring it back.
    socket.receive('messageUpdated', { id: 1, text: 'back', editedAt: 9 });
    socket.receive('reactions', { id: 1, reactions: [{ emoji: '👍', count: 1, nicknames: [] }] });
    expect(byId(store, 1)).toMatchObject({ text: '', deleted: true, reactions: undefined });
    store.leave();
  });

  it('replaces a shown message with the copy an older page or a history carries', () => {
    const { store, socket } = joinedStore([message(5, 'bob'), message(6, 'ada')]);
    // A resumed history after a reconnect carries the current state of what it resends.
    socket.receive('disconnect', 'transport close');
    socket.receive('connect');
    socket.last('join')!.ack!({});
    const edited = message(6, 'ada', { text: '<p>edited</p>', editedAt: 10 });
    socket.receive('chatHistory', [edited], { hasMore: false });
    expect(byId(store, 6)).toEqual(edited);
    expect(shown(store).map((m) => m.id)).toEqual([5, 6]);
    store.leave();
  });
});

describe('how far others have read', () => {
  it('takes the positions that moved, and starts again from the first after a join', () => {
    const { store, socket } = joinedStore([message(1, 'ada')]);
    expect(store.getSnapshot().seen).toEqual({});
    socket.receive('seen', {
      positions: [
        { nickname: 'bob', messageId: 1 },
        { nickname: 'cy', messageId: 1 },
      ],
    });
    socket.receive('seen', { positions: [{ nickname: 'bob', messageId: 2 }] });
    expect(store.getSnapshot().seen).toEqual({ bob: 2, cy: 1 });
    const same = store.getSnapshot();
    socket.receive('seen', { positions: [{ nickname: 'bob', messageId: 2 }] });
    expect(store.getSnapshot()).toBe(same);
    // Someone who stops sharing comes as 0.
    socket.receive('seen', { positions: [{ nickname: 'cy', messageId: 0 }] });
    expect(store.getSnapshot().seen).toEqual({ bob: 2 });
    socket.receive('seen', { positions: [{ nickname: 'cy', messageId: 1 }] });

    // A resuming join keeps what it knew until the room sends everyone's again.
    socket.receive('disconnect', 'transport close');
    socket.receive('connect');
    expect(store.getSnapshot().seen).toEqual({ bob: 2, cy: 1 });
    socket.last('join')!.ack!({});
    socket.receive('seen', { positions: [{ nickname: 'bob', messageId: 3 }] });
    expect(store.getSnapshot().seen).toEqual({ bob: 3 });
    store.leave();
  });

  it('forgets the positions on a fresh join', () => {
    const { store, socket } = joinedStore([]);
    socket.receive('seen', { positions: [{ nickname: 'bob', messageId: 4 }] });
    expect(store.getSnapshot().seen).toEqual({ bob: 4 });
    socket.receive('disconnect', 'transport close');
    socket.receive('connect');
    expect(store.getSnapshot().seen).toEqual({});
    store.leave();
  });
});

describe('reacting, editing and deleting', () => {
  it('sends each with the room’s id and resolves ok once the room agrees', async () => {
    const { store, socket } = joinedStore([message(1, 'ada')]);
    const reacted = store.react(1, '👍');
    expect(socket.last('react')?.payload).toEqual({ roomId: 'room-a', messageId: 1, emoji: '👍' });
    socket.last('react')!.ack!({});
    await expect(reacted).resolves.toEqual({ ok: true });

    const edited = store.edit(1, 'new words');
    expect(socket.last('editMessage')?.payload).toEqual({
      roomId: 'room-a',
      messageId: 1,
      text: 'new words',
    });
    socket.last('editMessage')!.ack!({});
    await expect(edited).resolves.toEqual({ ok: true });

    const removed = store.remove(1);
    expect(socket.last('deleteMessage')?.payload).toEqual({ roomId: 'room-a', messageId: 1 });
    socket.last('deleteMessage')!.ack!({});
    await expect(removed).resolves.toEqual({ ok: true });
    store.leave();
  });

  it('resolves a refusal with the chat’s words for its code, or the room’s own', async () => {
    const { store, socket } = joinedStore([message(1, 'bob')]);
    const removed = store.remove(1);
    socket.last('deleteMessage')!.ack!({ error: 'Not yours', code: 'not_allowed' });
    await expect(removed).resolves.toEqual({
      ok: false,
      error: 'You may not change this message.',
    });
    const edited = store.edit(1, '');
    socket.last('editMessage')!.ack!({ error: 'Message is empty', code: 'empty_message' });
    await expect(edited).resolves.toEqual({ ok: false, error: 'Message is empty' });
    store.leave();
  });

  it('says who may pin when a pin or an unpin is refused not_allowed, not the edit’s words', async () => {
    const { store, socket } = joinedStore([message(1, 'bob')]);
    const reason = "Only the room's owner or an administrator can pin or unpin a message";
    const pinned = store.pin(1, true);
    socket.last('pinMessage')!.ack!({ error: reason, code: 'not_allowed' });
    await expect(pinned).resolves.toEqual({ ok: false, error: reason });
    const unpinned = store.pin(1, false);
    socket.last('unpinMessage')!.ack!({ error: reason, code: 'not_allowed' });
    await expect(unpinned).resolves.toEqual({ ok: false, error: reason });
    // Other refusals of a pin keep the chat's words for their code.
    const gone = store.pin(1, true);
    socket.last('pinMessage')!.ack!({ error: 'Message not found', code: 'message_not_found' });
    await expect(gone).resolves.toEqual({
      ok: false,
      error: 'This message is no longer in the room.',
    });
    store.leave();
  });

  it('refuses at once while not joined, and says so when the room does not answer', async () => {
    const store = new RoomConnectionStore('room-a');
    await expect(store.react(1, '👍')).resolves.toEqual({
      ok: false,
      error: 'Not connected to the room.',
    });
    store.open('ada');
    const socket = sockets.at(-1)!;
    socket.receive('connect');
    await expect(store.remove(1)).resolves.toMatchObject({ ok: false });
    expect(socket.last('deleteMessage')).toBeUndefined();

    socket.last('join')!.ack!({});
    socket.timeout = () => ({
      emit: (event: string, payload: unknown, ack: (error: unknown, answer: unknown) => void) => {
        socket.emitted.push({ event, payload });
        ack(new Error('operation has timed out'), undefined);
        return socket;
      },
    });
    await expect(store.react(1, '👍')).resolves.toEqual({
      ok: false,
      error: 'The room did not answer. Please try again.',
    });
    store.leave();
  });
});
