import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import type { MembersResponse, RoomSummary } from '../../contract/rooms';
import type { PublicUser } from '../../contract/user';
import { fakeApi, renderApp, testUser, type FetchCall } from './render-app';

// The drawer does not need a live room: a socket that never connects will do.
vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

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

type Answer = (
  call: FetchCall,
) => { status: number; body?: unknown } | { status: number; text: string };
const noBans: Answer = () => ({ status: 200, body: { bans: [] } });

function openDrawer(user: PublicUser, answerMembers: Answer, answerBans: Answer = noBans) {
  const api = fakeApi(user, (call) => {
    if (call.path === '/api/rooms') return { status: 200, body: rooms };
    if (call.path === '/api/rooms/room-a/bans') return answerBans(call);
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
        ? { status: 200, body: { success: true, message: 'User bob kicked successfully.' } }
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
        expect.objectContaining({ message: 'User bob kicked successfully.' }),
      ),
    );
    const kick = calls.find((call) => call.method === 'POST' && call.path.endsWith('/kick'));
    expect(kick?.body).toEqual({ targetUserId: 'u2' });
  });

  it('reads the members and the removed people again after a kick', async () => {
    // A server that moves the kicked member from one list to the other, as the worker does.
    let current = members;
    let bans: { userId: string; nickname: string; bannedAt: number }[] = [];
    const { calls } = openDrawer(
      inRoom,
      (call) => {
        if (call.method !== 'POST') return { status: 200, body: current };
        const { targetUserId } = call.body as { targetUserId: string };
        const kicked = current.members.find((m) => m.userId.id === targetUserId)!;
        current = { ...current, members: current.members.filter((m) => m !== kicked) };
        bans = [{ userId: targetUserId, nickname: kicked.activeNickname, bannedAt: 1 }];
        return { status: 200, body: { success: true } };
      },
      () => ({ status: 200, body: { bans } }),
    );
    const fetches = (path: string) =>
      calls.filter((call) => call.method === 'GET' && call.path === path).length;
    fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
    const drawer = await screen.findByRole('dialog', { name: 'Your Rooms' });
    const panel = await within(drawer).findByRole('region', { name: 'Moderation' });
    await waitFor(() => expect(fetches('/api/rooms/room-a/bans')).toBe(1));
    expect(within(panel).queryByRole('region', { name: 'Removed' })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Kick bob' }));
    const removed = await within(panel).findByRole('region', { name: 'Removed' });
    expect(within(removed).getByRole('button', { name: 'Unban bob' })).toBeTruthy();
    await waitFor(() => expect(within(panel).queryByText('bob (bob@example.com)')).toBeNull());
    expect(fetches('/api/rooms/room-a/members')).toBe(2);
    expect(fetches('/api/rooms/room-a/bans')).toBe(2);
  });

  it('reads the members again when the tab comes back into view', async () => {
    let answer = members;
    const { calls } = openDrawer(inRoom, () => ({ status: 200, body: answer }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
    const drawer = await screen.findByRole('dialog', { name: 'Your Rooms' });
    await within(drawer).findByText('bob (bob@example.com)');
    // bob was kicked from another tab a moment ago.
    answer = { ...members, members: members.members.filter((m) => m.activeNickname !== 'bob') };
    try {
      act(() => {
        focusManager.setFocused(false);
        focusManager.setFocused(true);
      });
      await waitFor(() => expect(within(drawer).queryByText('bob (bob@example.com)')).toBeNull());
    } finally {
      focusManager.setFocused(undefined);
    }
    const reads = calls.filter((c) => c.method === 'GET' && c.path.endsWith('/members'));
    expect(reads).toHaveLength(2);
  });

  it('shows an administrator as Mod in Moderator Mode, without a room list', async () => {
    const admin: PublicUser = { ...inRoom, role: 'admin', activeNickname: 'Mod🐸 ada' };
    openDrawer(admin, () => ({ status: 200, body: { ...members, isOwner: false } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
    const drawer = await screen.findByRole('dialog', { name: 'Joined as: Mod' });
    expect(await within(drawer).findByRole('region', { name: 'Moderator Mode' })).toBeTruthy();
    expect(within(drawer).queryByRole('link', { name: 'Create Room' })).toBeNull();
  });

  it('says so when the members call gets no answer at all', async () => {
    openDrawer(inRoom, () => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
    expect(
      await screen.findByText('No response from server. Please check your connection.', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
  });

  it("falls back to 'Error fetching members' when the server gives no error text", async () => {
    openDrawer(inRoom, () => ({ status: 502, text: 'Bad gateway' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
    expect(
      await screen.findByText('Error fetching members', undefined, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it("shows the server's error when the members cannot be fetched", async () => {
    openDrawer(inRoom, () => ({ status: 500, body: { error: 'Database unavailable' } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
  });
});
