/**
 * 'Leave this room' at the foot of the rooms drawer: offered to members only (the owner reads
 * how to hand the room over first; nothing in a private conversation), behind a confirm;
 * leaving goes to /join with a notice, forgets the stored room, drops the room from the cached
 * list, and the socket the server closed for it is not shown as an error.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomSummary } from '../../contract/rooms';
import type { PublicUser } from '../../contract/user';
import { OWNER_LEAVE_HINT } from '../../client/features/rooms/components/leave-room-button';
import { sockets } from './fake-socket';
import { fakeApi, renderApp, testUser, type FetchCall } from './render-app';

vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const inRoom: PublicUser = { ...testUser, roomId: 'room-a', activeNickname: 'ada' };
const summary = (roomId: string, name: string, extra: Partial<RoomSummary> = {}): RoomSummary => ({
  _id: roomId,
  roomId,
  name,
  activeNickname: 'ada',
  unreadCount: 0,
  ...extra,
});

type Handle = (call: FetchCall) => { status: number; body?: unknown } | undefined;

async function openChat(rooms: RoomSummary[], handle: Handle = () => undefined) {
  window.localStorage.setItem('joinedRoomId', JSON.stringify('room-a'));
  const api = fakeApi(inRoom, (call) =>
    call.path === '/api/rooms' ? { status: 200, body: rooms } : handle(call),
  );
  const view = renderApp('/chat/room-a');
  // The first screen of the file also loads its modules: setup.ts gives waitFor 10 s for it.
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0]!;
  act(() => socket.receive('connect'));
  act(() => socket.last('join')?.ack?.({}));
  act(() => socket.receive('chatHistory', []));
  const name = rooms.find((room) => room.roomId === 'room-a')!.name;
  act(() => socket.receive('roomData', { room: 'room-a', name, users: [{ nickname: 'ada' }] }));
  return { ...view, ...api, socket };
}

async function openDrawer() {
  fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
  return screen.findByRole('dialog', { name: /Rooms/ });
}

async function openLeaveDialog() {
  const drawer = await openDrawer();
  fireEvent.click(await within(drawer).findByRole('button', { name: 'Leave this room' }));
  return screen.findByRole('dialog', { name: 'Leave Weekend?' });
}

beforeEach(() => {
  sockets.length = 0;
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("'Leave this room'", () => {
  it('is offered to a member, and Cancel leaves nothing', async () => {
    const { calls } = await openChat([summary('room-a', 'Weekend')]);
    const dialog = await openLeaveDialog();
    expect(within(dialog).getByText('You can come back with an invite link.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Leave Weekend?' })).toBeNull(),
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('is not offered to the owner, who reads a hint, nor in a private conversation', async () => {
    const owner = await openChat([summary('room-a', 'Weekend', { isOwner: true })]);
    expect(await screen.findByRole('button', { name: 'Share' })).toBeTruthy();
    await waitFor(() => expect(owner.calls.some((call) => call.path === '/api/rooms')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the list's answer has rendered
    const ownersDrawer = await openDrawer();
    expect(await within(ownersDrawer).findByText('Weekend')).toBeTruthy();
    expect(within(ownersDrawer).queryByRole('button', { name: 'Leave this room' })).toBeNull();
    // The owner reads how to become able to leave instead.
    expect(within(ownersDrawer).getByText(OWNER_LEAVE_HINT)).toBeTruthy();
    owner.unmount();

    sockets.length = 0;
    const dm = await openChat([summary('room-a', 'Bob', { direct: true })]);
    // The conversation's own menu shows the entry was read; it offers Block, not Leave.
    expect(await screen.findByRole('button', { name: 'Conversation options' })).toBeTruthy();
    // Its beginning names the conversation, not 'Bob' as if he were a room.
    act(() =>
      dm.socket.receive('message', {
        id: 1,
        user: 'Bob',
        text: 'Hi',
        messageType: 'user',
        createdAt: 1,
      }),
    );
    expect(
      await screen.findByText('This is the beginning of your conversation with Bob'),
    ).toBeTruthy();
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('Bob')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Leave this room' })).toBeNull();
    expect(within(drawer).queryByText(OWNER_LEAVE_HINT)).toBeNull();
  });

  it('leaves: no error for the closed socket, then /join, the room forgotten and unlisted', async () => {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    let left = false;
    const { socket, router } = await openChat([
      summary('room-a', 'Weekend'),
      summary('room-b', 'Other'),
    ]);
    const answering = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      const [input, init] = args;
      if (String(input) === '/api/rooms/room-a/membership' && init?.method === 'DELETE') {
        await held;
        left = true;
        return new Response(JSON.stringify({ success: true }), { status: 200 });
      }
      // After the leave, the list is not read again before the cache drops the room.
      if (String(input) === '/api/rooms' && left) return new Promise<Response>(() => {});
      return answering(...args);
    });
    const dialog = await openLeaveDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Leave' }).getAttribute('aria-disabled'),
      ).toBe('true'),
    );

    // The server ends this tab's socket before it answers, with its notice.
    socket.active = false;
    act(() =>
      socket.receive('message', {
        id: 'notice-1',
        user: 'System',
        text: 'You left this room.',
        messageType: 'system-simple',
        createdAt: 1,
      }),
    );
    act(() => socket.receive('disconnect', 'io server disconnect'));
    expect(screen.queryByText('Unable to join the chat')).toBeNull();

    act(() => answer());
    await waitFor(() => expect(router.state.location.pathname).toBe('/join'));
    expect(await screen.findByText('You left Weekend.')).toBeTruthy();
    expect(screen.queryByText('Unable to join the chat')).toBeNull();
    expect(window.localStorage.getItem('joinedRoomId')).toBeNull();
    expect(left).toBe(true);

    // The room list drops it at once, without waiting for the server's list.
    await act(() => router.navigate('/'));
    expect(await screen.findByText('Other')).toBeTruthy();
    expect(screen.queryByText('Weekend')).toBeNull();
  });
});
