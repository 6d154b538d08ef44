import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import type { MembersResponse, RoomSummary } from '../../contract/rooms';
import type { PublicUser } from '../../contract/user';
import { fakeApi, renderApp, testUser, type FetchCall } from './render-app';

// The drawer does not need a live room: a socket that never connects will do.
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = {
      connected: false,
      on: () => socket,
      off: () => socket,
      emit: () => socket,
      timeout: () => ({ emit: () => socket }),
      disconnect: () => socket,
    };
    return socket;
  },
}));

const inRoom: PublicUser = { ...testUser, roomId: 'room-a', activeNickname: 'ada' };
const rooms: RoomSummary[] = [
  { _id: 'room-a', roomId: 'room-a', name: 'Book club', activeNickname: 'ada' },
  { _id: 'room-b', roomId: 'room-b', name: 'Chess', activeNickname: 'ada_b' },
];
const member = (id: string, nickname: string, email: string) => ({
  _id: `m-${id}`,
  activeNickname: nickname,
  userId: { id, _id: id, email },
});
const members: MembersResponse = {
  isOwner: true,
  roomCreator: 'u1',
  members: [
    member('u1', 'ada', 'ada@example.com'),
    member('u2', 'bob', 'bob@example.com'),
    member('u3', 'Mod🐸 eve', 'eve@example.com'),
  ],
};

function openDrawer(
  user: PublicUser,
  answerMembers: (call: FetchCall) => { status: number; body?: unknown },
) {
  const api = fakeApi(user, (call) => {
    if (call.path === '/api/rooms') return { status: 200, body: rooms };
    if (call.path.startsWith('/api/rooms/room-a/')) return answerMembers(call);
    return undefined;
  });
  const view = renderApp('/chat/room-a');
  return { ...api, ...view };
}

describe('room-list drawer', () => {
  it('lists the rooms of a member and switches to the one chosen', async () => {
    const { router } = openDrawer(inRoom, () => ({ status: 403, body: { error: 'Forbidden' } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
    const drawer = await screen.findByRole('dialog', { name: 'Joined Rooms' });
    const chess = (await within(drawer).findByRole('heading', { name: 'Chess' })).closest('a')!;
    expect(within(drawer).queryByText('Moderation')).toBeNull();

    fireEvent.click(chess);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/room-b'));
    expect(window.localStorage.getItem('joinedRoomId')).toBe('room-b');
    expect(window.localStorage.getItem('activeNickname')).toBe('ada_b');
  });

  it('gives the owner a moderation panel that kicks members, but not themselves or a moderator', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { calls } = openDrawer(inRoom, (call) =>
      call.method === 'POST'
        ? { status: 200, body: { success: true, message: 'User u2 kicked successfully.' } }
        : { status: 200, body: members },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
    const drawer = await screen.findByRole('dialog', { name: 'Your Rooms' });
    const panel = await within(drawer).findByRole('region', { name: 'Moderation' });
    expect(within(panel).getByText('bob (bob@example.com)')).toBeTruthy();
    expect(within(panel).getAllByRole('button', { name: /^Kick/ })).toHaveLength(1);

    fireEvent.click(within(panel).getByRole('button', { name: 'Kick bob' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'User u2 kicked successfully.' }),
      ),
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ targetUserId: 'u2' });
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/rooms/room-a/members')).toHaveLength(2),
    );
  });

  it('shows an administrator as Mod in Moderator Mode, without a room list', async () => {
    const admin: PublicUser = { ...inRoom, role: 'admin', activeNickname: 'Mod🐸 ada' };
    openDrawer(admin, () => ({ status: 200, body: { ...members, isOwner: false } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
    const drawer = await screen.findByRole('dialog', { name: 'Joined as: Mod' });
    expect(await within(drawer).findByRole('region', { name: 'Moderator Mode' })).toBeTruthy();
    expect(within(drawer).queryByRole('link', { name: 'Create Room' })).toBeNull();
  });

  it("shows the server's error when the members cannot be fetched", async () => {
    openDrawer(inRoom, () => ({ status: 500, body: { error: 'Database unavailable' } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
  });
});
