/**
 * The room's pins in the connection store: asked for once joined (not part of the join) and
 * again after a reconnect, kept current by the room's `pins`, and pinned or unpinned through
 * the socket like the other message verbs.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Pin } from '../../contract/pins';
import { joinedStore, withoutTickets } from './room-screen';

vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const pin = (id: number): Pin => ({
  id,
  user: 'bob',
  excerpt: `pin ${id}`,
  createdAt: id,
  pinnedAt: id,
});

withoutTickets();

describe('the room’s pins', () => {
  it('are asked for once joined, and again after a reconnect or a recovery', () => {
    const { store, socket } = joinedStore();
    const asks = () => socket.emitted.filter((emitted) => emitted.event === 'loadPins');
    expect(asks().map((ask) => ask.payload)).toEqual([{ roomId: 'room-a' }]);
    asks()[0]!.ack!({ pins: [pin(2), pin(1)] });
    expect(store.getSnapshot().pins.map((p) => p.id)).toEqual([2, 1]);

    socket.receive('disconnect', 'transport close');
    socket.receive('connect');
    // Not asked before the join is answered.
    expect(asks()).toHaveLength(1);
    socket.last('join')!.ack!({});
    expect(asks()).toHaveLength(2);
    asks()[1]!.ack!({ pins: [pin(3)] });
    expect(store.getSnapshot().pins.map((p) => p.id)).toEqual([3]);

    socket.receive('disconnect', 'transport close');
    socket.recovered = true;
    socket.receive('connect');
    expect(asks()).toHaveLength(3);
  });

  it('follow the room’s `pins` events, not another room’s nor malformed ones', () => {
    const { store, socket } = joinedStore();
    socket.receive('pins', { roomId: 'room-a', pins: [pin(5)] });
    expect(store.getSnapshot().pins.map((p) => p.id)).toEqual([5]);
    socket.receive('pins', { roomId: 'room-b', pins: [] });
    socket.receive('pins', { roomId: 'room-a', pins: [{ id: 'x' }] });
    expect(store.getSnapshot().pins.map((p) => p.id)).toEqual([5]);
    socket.receive('pins', { roomId: 'room-a', pins: [] });
    expect(store.getSnapshot().pins).toEqual([]);
  });

  it('are pinned and unpinned with the room’s id, and a refusal says why', async () => {
    const { store, socket } = joinedStore();
    const pinned = store.pin(7, true);
    expect(socket.last('pinMessage')?.payload).toEqual({ roomId: 'room-a', messageId: 7 });
    socket.last('pinMessage')!.ack!({});
    expect(await pinned).toEqual({ ok: true });
    const unpinned = store.pin(7, false);
    expect(socket.last('unpinMessage')?.payload).toEqual({ roomId: 'room-a', messageId: 7 });
    socket.last('unpinMessage')!.ack!({ error: 'Only the owner', code: 'not_allowed' });
    expect(await unpinned).toEqual({ ok: false, error: expect.any(String) });
  });
});
