/**
 * `roomChanged` from the room: a hand-over or a rename made by someone else reaches the open
 * chat within ROOM_CHANGED_SPREAD_MS. After 'owner' the drawer reads who owns the room again
 * (its title, the Moderation panel, the leave button or the owner's hint follow); after 'name'
 * the room list shows the new name. A malformed event, or one for another room, reads nothing.
 * The chats of a room do not all read at the same instant, and several changes heard within
 * the wait make one read; a person's own hand-over or rename reads at once.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembersResponse, RoomSummary } from '../../contract/rooms';
import type { PublicUser } from '../../contract/user';
import { useMakeOwner } from '../../client/features/rooms/api/make-owner';
import { ROOM_CHANGED_SPREAD_MS } from '../../client/features/rooms/api/refresh-room';
import { useRenameRoom } from '../../client/features/rooms/api/rename-room';
import { OWNER_LEAVE_HINT } from '../../client/features/rooms/components/leave-room-button';
import { createQueryClient } from '../../client/lib/query-client';
import { roomsKeys } from '../../client/lib/query-keys';
import { sockets, type FakeSocket } from './fake-socket';
import { fakeApi, renderApp, testUser } from './render-app';

vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const inRoom: PublicUser = { ...testUser, roomId: 'room-a', activeNickname: 'ada' };
const member = (id: string, nickname: string) => ({
  _id: `m-${id}`,
  activeNickname: nickname,
  userId: { id, _id: id, email: `${nickname}@example.com` },
});

/** The server's side of room-a, changed by the test as another person's request would. */
const server = { owner: 'u2', name: 'Book club' };

async function openChat() {
  const api = fakeApi(inRoom, (call) => {
    const owns = server.owner === testUser.id;
    if (call.path === '/api/rooms') {
      const room: RoomSummary = {
        _id: 'room-a',
        roomId: 'room-a',
        name: server.name,
        activeNickname: 'ada',
        isOwner: owns,
      };
      return { status: 200, body: [room] };
    }
    if (call.path === '/api/rooms/room-a/bans') return { status: 200, body: { bans: [] } };
    if (call.path.startsWith('/api/rooms/room-a/members')) {
      if (!owns) return { status: 403, body: { error: 'Forbidden' } };
      const members: MembersResponse = {
        isOwner: true,
        roomCreator: server.owner,
        members: [member(testUser.id, 'ada'), member('u2', 'bob')],
      };
      return { status: 200, body: members };
    }
    return undefined;
  });
  renderApp('/chat/room-a');
  // The first screen of the file also loads its modules: setup.ts gives waitFor 10 s for it.
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0]!;
  act(() => socket.receive('connect'));
  act(() => socket.last('join')?.ack?.({}));
  act(() => socket.receive('chatHistory', []));
  const count = (read: (path: string) => boolean) =>
    api.calls.filter((call) => read(call.path)).length;
  const reads = () => ({
    list: count((path) => path === '/api/rooms'),
    members: count((path) => path.startsWith('/api/rooms/room-a/members')),
  });
  return { socket, reads };
}

/** The room's event, and the longest wait a chat takes before acting on it. */
async function hear(socket: FakeSocket, event: unknown) {
  act(() => socket.receive('roomChanged', event));
  await act(() => vi.advanceTimersByTimeAsync(ROOM_CHANGED_SPREAD_MS));
}

async function openDrawer(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
  return screen.findByRole('dialog', { name });
}

beforeEach(() => {
  sockets.length = 0;
  vi.unstubAllGlobals();
  window.localStorage.clear();
  server.owner = 'u2';
  server.name = 'Book club';
  // A hidden tab polls its room list every 30 s: only the event can read it again here.
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  // The clock runs as usual, and a test moves it on past a chat's wait.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('roomChanged', () => {
  it("gives the new owner the owner's drawer soon after a hand-over", async () => {
    const { socket } = await openChat();
    const drawer = await openDrawer('Joined Rooms');
    expect(await within(drawer).findByRole('button', { name: 'Leave this room' })).toBeTruthy();
    expect(within(drawer).queryByRole('region', { name: 'Moderation' })).toBeNull();

    server.owner = testUser.id;
    await hear(socket, { roomId: 'room-a', what: 'owner' });
    expect(await screen.findByRole('dialog', { name: 'Your Rooms' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Moderation' })).toBeTruthy();
    expect(await screen.findByText(OWNER_LEAVE_HINT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave this room' })).toBeNull();
  });

  it("takes the owner's drawer from the old owner soon after", async () => {
    server.owner = testUser.id;
    const { socket } = await openChat();
    await openDrawer('Your Rooms');
    expect(await screen.findByRole('region', { name: 'Moderation' })).toBeTruthy();

    server.owner = 'u2';
    await hear(socket, { roomId: 'room-a', what: 'owner' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Moderation' })).toBeNull());
    expect(await screen.findByRole('dialog', { name: 'Joined Rooms' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Leave this room' })).toBeTruthy();
  });

  it('shows a new name in the room list soon after a rename', async () => {
    const { socket, reads } = await openChat();
    const drawer = await openDrawer('Joined Rooms');
    expect(await within(drawer).findByText('Book club')).toBeTruthy();
    const before = reads();

    server.name = 'Reading circle';
    await hear(socket, { roomId: 'room-a', what: 'name' });
    expect(await within(drawer).findByText('Reading circle')).toBeTruthy();
    // A new name changes nobody's powers: the members are not read again.
    expect(reads().members).toBe(before.members);
  });

  it('reads nothing again for a malformed event or one of another room', async () => {
    const { socket, reads } = await openChat();
    await openDrawer('Joined Rooms');
    await screen.findByRole('button', { name: 'Leave this room' });
    const before = reads();

    server.owner = testUser.id;
    for (const event of [
      { roomId: 'room-a', what: 'everything' },
      { roomId: 'room-b', what: 'owner' },
      { roomId: 'x'.repeat(101), what: 'owner' },
      { what: 'owner' },
      'owner',
      null,
    ]) {
      await hear(socket, event);
    }
    expect(reads()).toEqual(before);
    expect(screen.queryByRole('region', { name: 'Moderation' })).toBeNull();

    // The same screen does listen: a well-formed event reads both again.
    await hear(socket, { roomId: 'room-a', what: 'owner' });
    expect(await screen.findByRole('region', { name: 'Moderation' })).toBeTruthy();
  });

  it('waits a random part of the spread, then reads once for the changes heard meanwhile', async () => {
    const { socket, reads } = await openChat();
    await openDrawer('Joined Rooms');
    await screen.findByRole('button', { name: 'Leave this room' });
    const before = reads();
    // This chat's draw: three quarters of the spread.
    vi.spyOn(Math, 'random').mockReturnValue(0.75);

    server.owner = testUser.id;
    server.name = 'Reading circle';
    act(() => {
      socket.receive('roomChanged', { roomId: 'room-a', what: 'name' });
      socket.receive('roomChanged', { roomId: 'room-a', what: 'owner' });
      socket.receive('roomChanged', { roomId: 'room-a', what: 'name' });
    });
    await act(() => vi.advanceTimersByTimeAsync(ROOM_CHANGED_SPREAD_MS / 2));
    expect(reads()).toEqual(before);

    await act(() => vi.advanceTimersByTimeAsync(ROOM_CHANGED_SPREAD_MS / 2));
    // One read of each, the members too: the 'owner' heard among the renames was kept.
    await waitFor(() =>
      expect(reads()).toEqual({ list: before.list + 1, members: before.members + 1 }),
    );
    expect(await screen.findByRole('region', { name: 'Moderation' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(ROOM_CHANGED_SPREAD_MS * 2));
    expect(reads()).toEqual({ list: before.list + 1, members: before.members + 1 });
  });

  it("reads at once after the person's own hand-over or rename", async () => {
    const api = fakeApi(inRoom, (call) => {
      if (call.path === '/api/rooms/room-a/owner') {
        return { status: 200, body: { success: true, message: "bob is now the room's owner." } };
      }
      if (call.method === 'PATCH') return { status: 200, body: { success: true, name: 'New' } };
      return undefined;
    });
    const queryClient = createQueryClient();
    queryClient.setQueryData(roomsKeys.list(testUser.id), []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const listRead = () => queryClient.getQueryState(roomsKeys.list(testUser.id))?.isInvalidated;
    const { result } = renderHook(() => ({ owner: useMakeOwner(), rename: useRenameRoom() }), {
      wrapper,
    });

    await act(() => result.current.owner.mutateAsync({ roomId: 'room-a', userId: 'u2' }));
    expect(listRead()).toBe(true);
    queryClient.setQueryData(roomsKeys.list(testUser.id), []);
    expect(listRead()).toBe(false);
    await act(() => result.current.rename.mutateAsync({ roomId: 'room-a', name: 'New' }));
    expect(listRead()).toBe(true);
    expect(api.calls.map((call) => call.method)).toEqual(['POST', 'PATCH']);
  });
});
