import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('moderation panel of a room past one page of members', () => {
  const seats = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, index) => {
      const n = from + index;
      return member(`s${n}`, `seat${n}`, `seat${n}@example.com`);
    });
  const page = (list: MembersResponse['members'], nextAfter?: string): MembersResponse => ({
    isOwner: true,
    roomCreator: 'u1',
    members: list,
    ...(nextAfter ? { nextAfter } : {}),
  });
  const MEMBERS = '/api/rooms/room-a/members';
  const bigRoom: Answer = (call) => {
    if (call.path === MEMBERS) return { status: 200, body: page(seats(0, 3), 'cursor-2') };
    if (call.path === `${MEMBERS}?after=cursor-2`) return { status: 200, body: page(seats(3, 5)) };
    if (call.path === `${MEMBERS}?q=seat4`) return { status: 200, body: page(seats(4, 5)) };
    if (call.path === `${MEMBERS}?q=nobody`) return { status: 200, body: page([]) };
    return { status: 200, body: { nicknames: [] } };
  };

  async function openPanel(answer: Answer = bigRoom) {
    const api = openDrawer(inRoom, answer);
    fireEvent.click(await screen.findByRole('button', { name: 'Rooms' }));
    const drawer = await screen.findByRole('dialog', { name: 'Your Rooms' });
    const panel = await within(drawer).findByRole('region', { name: 'Moderation' });
    await within(panel).findByText('seat0 (seat0@example.com)');
    return { ...api, panel };
  }

  const kickButtons = (panel: HTMLElement) =>
    within(panel)
      .queryAllByRole('button', { name: /^Kick/ })
      .map((button) => button.getAttribute('aria-label'));

  it('loads the later members with Load more members, each with a Kick button', async () => {
    const { panel, calls } = await openPanel();
    expect(kickButtons(panel)).toEqual(['Kick seat0', 'Kick seat1', 'Kick seat2']);
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Load more members' }));
    await waitFor(() =>
      expect(kickButtons(panel)).toEqual([
        'Kick seat0',
        'Kick seat1',
        'Kick seat2',
        'Kick seat3',
        'Kick seat4',
      ]),
    );
    expect(within(panel).queryByRole('button', { name: 'Load more members' })).toBeNull();
    expect(calls.some((call) => call.path === `${MEMBERS}?after=cursor-2`)).toBe(true);
  });

  it('keeps the focus through Load more members: on the button while it loads, then on the title', async () => {
    const { panel, fetchMock } = await openPanel();
    let answer: (() => void) | null = null;
    const answerNow = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input).includes('after=cursor-2')
        ? new Promise<Response>((resolve) => {
            answer = () => void answerNow(input, init).then(resolve);
          })
        : answerNow(input, init),
    );
    const more = within(panel).getByRole('button', { name: 'Load more members' });
    act(() => more.focus());
    await userEvent.setup().keyboard('{Enter}');
    await waitFor(() => expect(answer).not.toBeNull());
    // Disabled while it loads, the button would drop the keyboard's focus to the page.
    expect(more.hasAttribute('disabled')).toBe(false);
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(more);

    act(() => answer!());
    await within(panel).findByText('seat4 (seat4@example.com)');
    expect(within(panel).queryByRole('button', { name: 'Load more members' })).toBeNull();
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Moderation' }));
  });

  it('finds a member on the server by a search, which only a room past one page offers', async () => {
    const { panel, calls } = await openPanel();
    const search = within(panel).getByRole('searchbox', { name: 'Find a member' });
    await userEvent.setup().type(search, 'seat4');
    await waitFor(() => expect(kickButtons(panel)).toEqual(['Kick seat4']));
    const searches = calls.filter((call) => call.path.startsWith(`${MEMBERS}?q=`));
    expect(searches.map((call) => call.path)).toEqual([`${MEMBERS}?q=seat4`]);

    await userEvent.setup().clear(search);
    await userEvent.setup().type(search, 'nobody');
    expect(await within(panel).findByText('No matching members')).toBeTruthy();
    expect(within(panel).queryByText('No members to kick')).toBeNull();
  });

  it('offers no search and no Load more in a room that fits one answer', async () => {
    const { panel } = await openPanel((call) =>
      call.path === MEMBERS
        ? { status: 200, body: page(seats(0, 3)) }
        : { status: 200, body: { nicknames: [] } },
    );
    expect(within(panel).queryByRole('searchbox')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Load more members' })).toBeNull();
  });
});
