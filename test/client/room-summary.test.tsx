/**
 * The chat screen's knowledge of its room (owner or not, a private conversation and its name)
 * for a room the room list does not hold (it stops at the 200 most recently active): asked of
 * GET /api/rooms/:roomId then, and only then, once the room has let the person in: a stranger
 * on one of its links asks nothing of it but the socket's ticket.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../contract/realtime';
import type { RoomSummary } from '../../contract/rooms';
import type { PublicUser } from '../../contract/user';
import { sockets } from './fake-socket';
import { fakeApi, renderApp, testUser } from './render-app';

vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const room = (roomId: string, extra: Partial<RoomSummary> = {}): RoomSummary => ({
  _id: roomId,
  roomId,
  name: `Room ${roomId}`,
  activeNickname: 'ada',
  unreadCount: 0,
  notificationLevel: 'all',
  notificationLevelChosen: false,
  ...extra,
});

const fromBob: ChatMessage = {
  id: 1,
  user: 'bob',
  text: '<p>hello</p>',
  messageType: 'user',
  createdAt: 1,
};

afterEach(() => {
  sockets.length = 0;
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** The chat open on `roomId`, the list holding only `listed`, the room's own GET `own`. */
async function openChat(roomId: string, listed: RoomSummary[], own?: RoomSummary) {
  const inRoom: PublicUser = { ...testUser, roomId, activeNickname: 'ada' };
  const { calls } = fakeApi(inRoom, (call) => {
    if (call.path === '/api/rooms') return { status: 200, body: listed };
    if (call.path === `/api/rooms/${roomId}` && own) return { status: 200, body: { room: own } };
    return undefined;
  });
  renderApp(`/chat/${roomId}`);
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0]!;
  act(() => socket.receive('connect'));
  act(() => socket.last('join')?.ack?.({}));
  act(() => socket.receive('chatHistory', [fromBob]));
  const ownAsked = () => calls.filter((call) => call.path === `/api/rooms/${roomId}`).length;
  return { ownAsked };
}

async function actionsOnBobsMessage() {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Actions for bob\'s message: "hello"' }),
  );
  return screen.findByRole('menu');
}

describe('a room beyond the room list', () => {
  it('gives its owner Delete on others’ messages', async () => {
    const { ownAsked } = await openChat(
      'room-a',
      [room('room-b')],
      room('room-a', { name: 'Quiet', isOwner: true }),
    );
    const menu = await actionsOnBobsMessage();
    // Once the room's own answer has come (the menu follows it while open).
    expect(await within(menu).findByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    expect(ownAsked()).toBe(1);
  });

  it('shows a private conversation under the other person’s name, with its Block menu', async () => {
    const { ownAsked } = await openChat(
      'dm-room-1',
      [room('room-b')],
      room('dm-room-1', { name: 'Bob', direct: true }),
    );
    expect(await screen.findByRole('button', { name: 'Conversation options' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Bob' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(ownAsked()).toBe(1);
  });
});

describe('a room the list does not hold', () => {
  it('is asked for its entry, level and nicknames once it has let the person in', async () => {
    const { calls } = fakeApi({ ...testUser, roomId: 'room-a', activeNickname: 'ada' }, (call) =>
      call.path === '/api/rooms' ? { status: 200, body: [room('room-b')] } : undefined,
    );
    renderApp('/chat/room-a');
    await waitFor(() => expect(sockets).toHaveLength(1));
    const asked = () =>
      calls.filter((call) => call.method === 'GET' && call.path.startsWith('/api/rooms/room-a'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asked()).toEqual([]);
    act(() => sockets[0]!.receive('connect'));
    act(() => sockets[0]!.last('join')?.ack?.({}));
    await waitFor(() =>
      expect(asked().map((call) => call.path)).toEqual(
        expect.arrayContaining([
          '/api/rooms/room-a',
          '/api/rooms/room-a/notifications',
          '/api/rooms/room-a/nicknames',
        ]),
      ),
    );
  });
});

describe('a room the list holds', () => {
  it('costs no request of its own', async () => {
    const { ownAsked } = await openChat('room-a', [room('room-a', { isOwner: true })]);
    const menu = await actionsOnBobsMessage();
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    expect(ownAsked()).toBe(0);
  });
});

describe('a room the person is not in', () => {
  it('learns it from the connection alone: one refused request, then the refusal', async () => {
    // Signed in elsewhere, opening a message link of a room they never joined.
    const elsewhere: PublicUser = { ...testUser, roomId: 'room-b', activeNickname: 'ada' };
    const { calls } = fakeApi(elsewhere, (call) => {
      if (call.path === '/api/rooms') return { status: 200, body: [room('room-b')] };
      if (call.path === '/api/rooms/room-x/ticket') {
        return { status: 403, body: { error: 'You are not a member of this room' } };
      }
      return undefined;
    });
    renderApp('/chat/room-x?message=7');
    await waitFor(() => expect(sockets[0]?.connects).toBe(1));
    const socket = sockets[0]!;
    // The worker refuses the upgrade: socket.io-client stops retrying.
    const refusal = Object.assign(new Error('You are not a member of this room'), {
      data: { code: 'not_member' },
    });
    act(() => socket.receive('connect_error', refusal));
    const dialog = await screen.findByRole('dialog', { name: 'Unable to join the chat' });
    expect(within(dialog).getByText(/^You are not a member of this room\./)).toBeTruthy();
    // Whatever was going to be asked of the room (its entry, its notification level, its
    // nicknames) has had its chance by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const ofTheRoom = calls.filter((call) => call.path.startsWith('/api/rooms/room-x'));
    expect(ofTheRoom.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/rooms/room-x/ticket',
    ]);
  });
});
