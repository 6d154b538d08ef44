/**
 * The chat socket's tickets: fetched into the handshake query before a connect, reused for the
 * reconnects of their minute, dropped before they expire, and left out (the cookie path) when
 * the API will not give one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { TICKET_TTL_MS } from '../../contract/tickets';
import { RoomTickets } from '../../client/features/chat/connection/room-tickets';

function fakeSocket() {
  return { io: { opts: {} as { query?: Record<string, string> } } };
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RoomTickets', () => {
  it('puts a ticket in the query, asks once for concurrent needs, and drops it before expiry', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => answer(200, { ticket: 't1', expiresAt: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    const socket = fakeSocket();
    const tickets = new RoomTickets(socket as unknown as Socket, 'room-a');
    await Promise.all([tickets.ensure(), tickets.ensure()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/rooms/room-a/ticket');
    expect(socket.io.opts.query).toEqual({ room: 'room-a', ticket: 't1' });
    // Still usable: a reconnect reuses it without asking.
    await tickets.ensure();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Before its minute is up it leaves the query, and the next need asks again.
    vi.advanceTimersByTime(TICKET_TTL_MS - 15_000 + 1);
    expect(socket.io.opts.query).toEqual({ room: 'room-a' });
    await tickets.ensure();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    tickets.stop();
  });

  it('connects by cookie when the API refuses or cannot be reached', async () => {
    const socket = fakeSocket();
    socket.io.opts.query = { room: 'room-a', ticket: 'old' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(403, { error: 'You are not a member of this room' })),
    );
    const tickets = new RoomTickets(socket as unknown as Socket, 'room-a');
    await tickets.ensure();
    expect(socket.io.opts.query).toEqual({ room: 'room-a' });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(tickets.ensure()).resolves.toBeUndefined();
    expect(socket.io.opts.query).toEqual({ room: 'room-a' });
  });

  it('does nothing once stopped (the screen closed meanwhile)', async () => {
    const socket = fakeSocket();
    let release: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (release = resolve))),
    );
    const tickets = new RoomTickets(socket as unknown as Socket, 'room-a');
    const pending = tickets.ensure();
    tickets.stop();
    release(answer(200, { ticket: 'late', expiresAt: 1 }));
    await pending;
    expect(socket.io.opts.query).toBeUndefined();
    expect(tickets.active).toBe(false);
  });
});
