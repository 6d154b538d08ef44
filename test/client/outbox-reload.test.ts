import { describe, expect, it, vi } from 'vitest';
import { Outbox } from '../../client/features/chat/connection/outbox';
import {
  outboxStorage,
  type OutboxStorage,
  type StoredEntry,
} from '../../client/lib/outbox-storage';
import { join, openScreen, sent, withoutTickets } from './room-screen';

vi.mock('socket.io-client', () =>
  import('./fake-socket').then((m) => ({
    io: (...args: Parameters<typeof m.fakeSocketIoClient.io>) =>
      Object.assign(m.fakeSocketIoClient.io(...args), { active: true }),
  })),
);

/** An OutboxStorage in a Map, to watch what the outbox keeps. */
function memoryStorage() {
  const kept = new Map<string, StoredEntry>();
  const storage: OutboxStorage = {
    load: async () => [...kept.values()],
    save: (entry) => void kept.set(entry.clientId, entry),
    remove: (clientId) => void kept.delete(clientId),
  };
  return { storage, kept };
}

withoutTickets();

describe('the outbox kept in the browser', () => {
  it('stores each text with what it answers until the room answers it for good', () => {
    const outbox = new Outbox(() => {});
    const { storage, kept } = memoryStorage();
    outbox.keepIn(storage);
    const stored = outbox.add('stored', 12);
    const refused = outbox.add('refused');
    const refusedToo = outbox.add('refused for good');
    expect([...kept.values()]).toMatchObject([
      { clientId: stored.clientId, text: 'stored', replyTo: 12 },
      { clientId: refused.clientId, text: 'refused' },
      { clientId: refusedToo.clientId, text: 'refused for good' },
    ]);

    outbox.takeUnsent();
    // No answer, or too fast: it stays stored, to be sent again.
    outbox.unanswered(stored.clientId);
    expect(kept.size).toBe(3);
    outbox.settle(stored.clientId, { ok: true }, 40);
    outbox.settle(refused.clientId, { ok: false, error: 'Message is empty' });
    expect([...kept.keys()]).toEqual([refusedToo.clientId]);
    // Shut out of the room: the text goes back to the box, so it is not sent later as well.
    outbox.dropAll('You have been banned.');
    expect(kept.size).toBe(0);
  });

  it('keeps what waits when the screen leaves, and puts it back first on the next visit', async () => {
    const { storage, kept } = memoryStorage();
    const before = new Outbox(() => {});
    before.keepIn(storage);
    const first = before.add('first', 3);
    before.add('second');
    before.leave('Not connected to the room.');
    expect(kept.size).toBe(2);

    let shown: string[] = [];
    const after = new Outbox((entries) => (shown = entries.map((entry) => entry.text)));
    after.keepIn(storage);
    after.add('typed since');
    expect(await after.restore(storage, await storage.load())).toBe(true);
    expect(shown).toEqual(['first', 'second', 'typed since']);
    const [again] = after.takeUnsent(1);
    expect(again).toMatchObject({ clientId: first.clientId, replyTo: 3, status: 'sending' });
    // Twice is once: nothing new comes back.
    expect(await after.restore(storage, await storage.load())).toBe(false);
    // Left before the stored entries loaded: they stay stored, and out of view.
    const gone = new Outbox(() => {});
    gone.keepIn(storage);
    gone.leave('Not connected to the room.');
    expect(await gone.restore(storage, await storage.load())).toBe(false);
  });

  it('gives a restored text back when the room shuts the person out, and keeps it when left', async () => {
    const { storage, kept } = memoryStorage();
    const before = new Outbox(() => {});
    before.keepIn(storage);
    before.add('from the last visit');
    before.leave('Not connected to the room.');

    const returned = vi.fn();
    const left = new Outbox(() => {}, returned);
    left.keepIn(storage);
    await left.restore(storage, await storage.load());
    // The screen goes: the text stays stored for the next visit, not in the box as well.
    left.leave('Not connected to the room.');
    expect(returned).not.toHaveBeenCalled();
    expect(kept.size).toBe(1);

    const shutOut = new Outbox(() => {}, returned);
    shutOut.keepIn(storage);
    await shutOut.restore(storage, await storage.load());
    shutOut.dropAll('You have been banned from this room');
    expect(returned).toHaveBeenCalledWith({
      text: 'from the last visit',
      error: 'You have been banned from this room',
    });
    expect(kept.size).toBe(0);
  });

  it('shows a text typed before a reload as sending, sends it once with its clientId, then forgets it', async () => {
    const { store, socket } = openScreen('room-a', 'acc-reload');
    join(socket);
    socket.receive('disconnect', 'transport close');
    void store.send('said before the reload', { replyTo: 9 });
    const [typed] = store.getSnapshot().pending;
    expect(sent(socket)).toHaveLength(0);
    // The page goes away without leaving the room.
    store.close();

    const reopened = openScreen('room-a', 'acc-reload');
    await vi.waitFor(() =>
      expect(reopened.store.getSnapshot().pending).toEqual([
        {
          clientId: typed!.clientId,
          text: 'said before the reload',
          replyTo: 9,
          status: 'sending',
        },
      ]),
    );
    // Another account on this browser sees none of it.
    const stranger = openScreen('room-a', 'acc-stranger');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stranger.store.getSnapshot().pending).toEqual([]);
    stranger.store.leave();

    join(reopened.socket);
    expect(sent(reopened.socket).map((emitted) => emitted.payload)).toEqual([
      { text: 'said before the reload', roomId: 'room-a', clientId: typed!.clientId, replyTo: 9 },
    ]);
    sent(reopened.socket)[0]!.ack!({ id: 1 });
    await vi.waitFor(async () =>
      expect(await outboxStorage('acc-reload', 'room-a').load()).toEqual([]),
    );
    reopened.store.leave();
  });

  it('never sends one account’s texts as another signed in on this browser meanwhile', async () => {
    // A tab of acc-first keeps a text while the connection is down; in another tab, acc-first
    // signs out and acc-second signs in, so the reconnect carries acc-second's cookie. The join
    // names whose tab this is, and the room refuses it rather than answer `in_room_as` with
    // acc-second's nickname (which the tab would take, sending the text under it).
    const { store, socket } = openScreen('room-a', 'acc-first');
    join(socket);
    socket.receive('disconnect', 'transport close');
    const result = store.send('typed by the first account');
    socket.receive('connect');
    expect(socket.last('join')!.payload).toEqual({
      name: 'ada',
      room: 'room-a',
      account: 'acc-first',
    });
    socket.last('join')!.ack!({ error: 'Not authenticated', code: 'not_authenticated' });
    await expect(result).resolves.toEqual({
      ok: false,
      error: 'Your session has ended. Please log in again.',
    });
    expect(sent(socket)).toEqual([]);
    expect(store.getSnapshot().pending).toEqual([]);
    store.leave();
  });

  it('gives a text from before a reload back to the box when the room refuses it', async () => {
    const { store, socket } = openScreen('room-a', 'acc-refused');
    join(socket);
    socket.receive('disconnect', 'transport close');
    void store.send('an answer to a message deleted meanwhile', { replyTo: 4 });
    store.close();

    const reopened = openScreen('room-a', 'acc-refused');
    await vi.waitFor(() => expect(reopened.store.getSnapshot().pending).toHaveLength(1));
    join(reopened.socket);
    const refusal = 'The message you reply to is not in this room';
    sent(reopened.socket)[0]!.ack!({ error: refusal, code: 'message_not_found' });
    // Nobody waits for its answer on this page: the text is not lost for all that.
    expect(reopened.store.getSnapshot().pending).toEqual([]);
    expect(reopened.store.getSnapshot().returned).toEqual([
      {
        text: 'an answer to a message deleted meanwhile',
        error: refusal,
        code: 'message_not_found',
      },
    ]);
    expect(reopened.store.takeReturned()).toHaveLength(1);
    expect(reopened.store.getSnapshot().returned).toEqual([]);
    reopened.store.leave();
  });
});
