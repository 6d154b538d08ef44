import { describe, expect, it, vi } from 'vitest';
import { outboxStorage } from '../../client/lib/outbox-storage';
import { withFakeLocks } from './fake-locks';
import { join, openScreen, sent, withoutTickets } from './room-screen';

vi.mock('socket.io-client', () =>
  import('./fake-socket').then((m) => ({
    io: (...args: Parameters<typeof m.fakeSocketIoClient.io>) =>
      Object.assign(m.fakeSocketIoClient.io(...args), { active: true }),
  })),
);

withoutTickets();
const locks = withFakeLocks();

/** Long enough for a screen to have loaded and taken back what storage holds. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the outbox with the room open in two tabs', () => {
  it('sends a text once and hands it back once, in the tab that wrote it', async () => {
    const first = openScreen('room-t', 'acc-tabs');
    join(first.socket);
    first.socket.receive('disconnect', 'transport close');
    const result = first.store.send('said in the first tab', { replyTo: 8 });
    await vi.waitFor(async () =>
      expect(await outboxStorage('acc-tabs', 'room-t').load()).toHaveLength(1),
    );

    // The second tab opens the room meanwhile: the text is the first tab's to send.
    const second = openScreen('room-t', 'acc-tabs');
    join(second.socket);
    await settled();
    expect(second.store.getSnapshot().pending).toEqual([]);
    expect(sent(second.socket)).toEqual([]);

    join(first.socket);
    const refusal = 'The message you reply to is not in this room';
    sent(first.socket)[0]!.ack!({ error: refusal, code: 'message_not_found' });
    await expect(result).resolves.toMatchObject({ ok: false, error: refusal });
    expect(second.store.getSnapshot().returned).toEqual([]);
    first.store.leave();
    second.store.leave();
  });

  it('leaves a closed tab’s texts to the next visit, in one tab only', async () => {
    const closing = openScreen('room-t', 'acc-closed');
    join(closing.socket);
    closing.socket.receive('disconnect', 'transport close');
    void closing.store.send('typed before the tab closed');
    const [typed] = closing.store.getSnapshot().pending;
    await vi.waitFor(async () =>
      expect(await outboxStorage('acc-closed', 'room-t').load()).toHaveLength(1),
    );
    // The tab closes: nothing of its page runs, and the browser lets go of its locks.
    closing.store.close();
    locks.closeTab();

    const next = openScreen('room-t', 'acc-closed');
    const another = openScreen('room-t', 'acc-closed');
    await vi.waitFor(() => expect(next.store.getSnapshot().pending).toHaveLength(1));
    await settled();
    expect(another.store.getSnapshot().pending).toEqual([]);
    join(next.socket);
    join(another.socket);
    expect(sent(next.socket).map((emitted) => emitted.payload)).toEqual([
      { text: 'typed before the tab closed', roomId: 'room-t', clientId: typed!.clientId },
    ]);
    expect(sent(another.socket)).toEqual([]);
    next.store.leave();
    another.store.leave();
  });

  it('lets the same tab take its texts back when its screen opens the room again', async () => {
    const left = openScreen('room-t', 'acc-again');
    join(left.socket);
    left.socket.receive('disconnect', 'transport close');
    void left.store.send('typed before leaving the room');
    await vi.waitFor(async () =>
      expect(await outboxStorage('acc-again', 'room-t').load()).toHaveLength(1),
    );
    left.store.leave();
    await vi.waitFor(() => expect(locks.held.size).toBe(0));

    const again = openScreen('room-t', 'acc-again');
    await vi.waitFor(() => expect(again.store.getSnapshot().pending).toHaveLength(1));
    again.store.leave();
  });
});
