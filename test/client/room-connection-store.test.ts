import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../contract/realtime';
import { RoomConnectionStore } from '../../client/features/chat/connection/room-connection-store';
import { sockets } from './fake-socket';
import { joinedStore, withoutTickets } from './room-screen';

// The store's sockets start out retrying, as a fresh socket.io-client socket does.
vi.mock('socket.io-client', () =>
  import('./fake-socket').then((m) => ({
    io: (...args: Parameters<typeof m.fakeSocketIoClient.io>) =>
      Object.assign(m.fakeSocketIoClient.io(...args), { active: true }),
  })),
);

const message = (id: number, user: string, text = `message ${id}`): ChatMessage => ({
  id,
  user,
  text,
  messageType: 'user',
  createdAt: id,
});

withoutTickets();

describe('the room connection store', () => {
  it('gives the same snapshot until something changes, and tells its subscribers once it does', () => {
    const store = new RoomConnectionStore('room-a');
    const first = store.getSnapshot();
    expect(first).toMatchObject({ nickname: null, connectionState: 'connecting', messages: [] });
    expect(store.getSnapshot()).toBe(first);

    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.open('ada');
    expect(listener).toHaveBeenCalledTimes(1);
    const opened = store.getSnapshot();
    expect(opened).not.toBe(first);
    expect(opened.nickname).toBe('ada');
    // The old picture is left as it was.
    expect(first.nickname).toBeNull();

    const socket = sockets[0]!;
    socket.receive('connect');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot().connectionState).toBe('connected');
    // An unchanged field keeps its identity across snapshots.
    expect(store.getSnapshot().messages).toBe(opened.messages);

    unsubscribe();
    socket.last('join')!.ack!({});
    expect(store.getSnapshot().joined).toBe(true);
    expect(listener).toHaveBeenCalledTimes(2);
    store.leave();
  });

  it('shows a screen for another nickname a fresh picture until that connection opens', () => {
    const { store } = joinedStore([message(1, 'bob')]);
    expect(store.snapshotFor('ada')).toBe(store.getSnapshot());
    const renamed = store.snapshotFor('ada_two');
    expect(renamed).toMatchObject({
      nickname: 'ada_two',
      messages: [],
      historyLoaded: false,
      connectionState: 'connecting',
    });
    expect(store.snapshotFor('ada_two')).toBe(renamed);
    expect(store.snapshotFor(null).nickname).toBeNull();
    store.leave();
  });

  it('adds a message that arrives, tells the screen it came live, and stops its author typing', () => {
    const { store, socket } = joinedStore([message(1, 'bob')]);
    const onLiveMessage = vi.fn();
    store.setEvents({ onLiveMessage });
    socket.receive('typing', { nickname: 'cy' });
    socket.receive('typing', { nickname: 'ada' }); // the person's own other tab
    expect(store.getSnapshot().typists).toEqual(['cy']);

    const before = store.getSnapshot();
    socket.receive('message', message(2, 'cy', 'hello'));
    const after = store.getSnapshot();
    expect(after.messages.map((shown) => shown.id)).toEqual([1, 2]);
    expect(before.messages.map((shown) => shown.id)).toEqual([1]);
    expect(onLiveMessage).toHaveBeenCalledWith(expect.objectContaining({ id: 2, text: 'hello' }));
    expect(after.typists).toEqual([]);
    store.leave();
  });

  it('reports a drop, joins again from the last message, and reconnects after giving up', () => {
    const { store, socket } = joinedStore([message(1, 'bob'), message(2, 'cy')]);
    socket.receive('disconnect', 'transport close');
    expect(store.getSnapshot()).toMatchObject({ connectionState: 'reconnecting', joined: false });

    socket.receive('connect');
    expect(socket.last('join')!.payload).toEqual({
      name: 'ada',
      room: 'room-a',
      lastMessageId: 2,
    });
    socket.last('join')!.ack!({});
    expect(store.getSnapshot()).toMatchObject({ connectionState: 'connected', joined: true });

    socket.receive('disconnect', 'transport close');
    socket.manager('reconnect_failed');
    expect(store.getSnapshot().connectionState).toBe('disconnected');
    const connects = socket.connects;
    store.reconnect();
    expect(store.getSnapshot().connectionState).toBe('reconnecting');
    expect(socket.connects).toBe(connects + 1);
    store.leave();
  });

  it('keeps what waits to be sent across a rename, and answers it when the room is left', async () => {
    const { store, socket } = joinedStore();
    socket.receive('disconnect', 'transport close');
    const result = store.send('said while away');
    expect(store.getSnapshot().pending.map((entry) => entry.text)).toEqual(['said while away']);
    socket.receive('connect'); // joining again, the answer still on its way

    store.open('ada_two');
    expect(sockets).toHaveLength(2);
    expect(store.getSnapshot()).toMatchObject({ nickname: 'ada_two', messages: [] });
    expect(store.getSnapshot().pending).toHaveLength(1);
    // The closed connection's late answer does not write into the new one's picture.
    socket.last('join')!.ack!({});
    expect(store.getSnapshot().joined).toBe(false);

    store.leave();
    await expect(result).resolves.toEqual({ ok: false, error: 'Not connected to the room.' });
    expect(store.getSnapshot().pending).toEqual([]);
    await expect(store.send('after leaving')).resolves.toMatchObject({ ok: false });
  });

  it('drops a typist the online list no longer has (they left, or were removed)', () => {
    const { store, socket } = joinedStore();
    const online = (...nicknames: string[]) =>
      socket.receive('roomData', {
        room: 'room-a',
        name: 'Room A',
        users: nicknames.map((nickname) => ({ nickname })),
      });
    online('ada', 'bob', 'cy');
    socket.receive('typing', { nickname: 'bob' });
    socket.receive('typing', { nickname: 'cy' });
    expect(store.getSnapshot().typists).toEqual(['bob', 'cy']);
    // "cy was removed from the room", and the list without them: nobody is typing as cy.
    online('ada', 'bob');
    expect(store.getSnapshot().typists).toEqual(['bob']);
    store.leave();
  });

  it('forgets who is online once a reconnect is refused for good (kicked while away)', () => {
    const { store, socket } = joinedStore();
    socket.receive('roomData', { room: 'room-a', name: 'Room A', users: [{ nickname: 'bob' }] });
    expect(store.getSnapshot().roomData?.users).toEqual([{ nickname: 'bob' }]);
    socket.receive('disconnect', 'transport close');
    // The room refuses the upgrade, and socket.io-client stops retrying.
    socket.active = false;
    const refusal = Object.assign(new Error('You have been banned from this room'), {
      data: { code: 'banned' },
    });
    socket.receive('connect_error', refusal);
    expect(store.getSnapshot().error?.kind).toBe('fatal');
    expect(store.getSnapshot().roomData).toBeNull();
    store.leave();
  });
});
