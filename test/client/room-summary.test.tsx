/**
 * The chat screen's knowledge of its room (owner or not, a private conversation and its name)
 * for a room the room list does not hold (it stops at the 200 most recently active): asked of
 * GET /api/rooms/:roomId then, and only then.
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

describe('a room the list holds', () => {
  it('costs no request of its own', async () => {
    const { ownAsked } = await openChat('room-a', [room('room-a', { isOwner: true })]);
    const menu = await actionsOnBobsMessage();
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    expect(ownAsked()).toBe(0);
  });
});
