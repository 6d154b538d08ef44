import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../contract/user';
import { fakeApi, renderApp, testUser, type FetchCall } from './render-app';

// A successful join opens the chat; its socket is not under test here.
vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const conflict = {
  status: 409,
  body: {
    error: 'nickname_conflict',
    roomId: 'room-a',
    roomName: 'Book club',
    message: 'The nickname "ada" is already taken in this room. Please choose another.',
  },
};
const joined = (call: FetchCall) => ({
  status: 200,
  body: {
    success: true,
    roomId: (call.body as { roomId?: string }).roomId ?? 'new-room',
    activeNickname: (call.body as { activeNickname: string }).activeNickname,
  },
});
const invitePreview = {
  status: 200,
  body: { roomId: 'room-a', name: 'Book club', owner: 'lin', isMember: false, banned: false },
};
const joins = (calls: FetchCall[]) => calls.filter((call) => call.path === '/api/join');
/** The invitation's preview for room-a, and `answer` for the join. */
const previewAnd =
  (answer: (call: FetchCall) => ReturnType<typeof joined> | typeof conflict | undefined) =>
  (call: FetchCall) => {
    if (call.path.startsWith('/api/invites/room-a')) return invitePreview;
    return call.path === '/api/join' ? answer(call) : undefined;
  };
/** An invitation kept for this tab's sign-in, as /invite leaves it. */
const keepInvitation = (room: string, savedAt = Date.now()) =>
  window.sessionStorage.setItem('pendingRoomJoin', JSON.stringify({ room, savedAt }));
const keptInvitation = () => window.sessionStorage.getItem('pendingRoomJoin');
const acceptInvitation = async () =>
  fireEvent.click(await screen.findByRole('button', { name: 'Join' }));

describe('join screen', () => {
  it('creates a room under the current nickname and opens its chat', async () => {
    const { calls } = fakeApi(testUser, (call) =>
      call.path === '/api/join' ? joined(call) : undefined,
    );
    const { router } = renderApp('/join');
    const name = await screen.findByRole('textbox', { name: 'Room Name' });
    expect(document.activeElement).toBe(name);
    expect(screen.getByText('ada')).toBeTruthy();
    expect(screen.getByText(/Joining as\.\.\./)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Join Room' }));
    expect(await screen.findByText('Please provide a room name')).toBeTruthy();
    expect(joins(calls)).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Book club' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join Room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/new-room'));
    expect(joins(calls)[0]?.body).toEqual({ roomName: 'Book club', activeNickname: 'ada' });
    expect(window.localStorage.getItem('joinedRoomId')).toBe('new-room');
    expect(window.localStorage.getItem('activeNickname')).toBe('ada');
  });

  it('asks before joining a shared room, then joins and resolves a nickname conflict', async () => {
    keepInvitation('room-a');
    const { calls } = fakeApi(
      testUser,
      previewAnd((call) =>
        (call.body as { activeNickname: string }).activeNickname === 'ada'
          ? conflict
          : joined(call),
      ),
    );
    const { router } = renderApp('/join?room=room-a');
    expect(await screen.findByRole('heading', { name: 'Join "Book club"?' })).toBeTruthy();
    expect(screen.getByText('lin')).toBeTruthy();
    expect(joins(calls)).toHaveLength(0);
    await acceptInvitation();
    expect(await screen.findByText('room-a')).toBeTruthy();
    expect(await screen.findByText(/"ada" is already taken/)).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'New Nickname' }) as HTMLInputElement;
    expect(field.value).toBe('ada1');

    fireEvent.click(screen.getByRole('button', { name: 'Join with New Nickname' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/room-a'));
    expect(joins(calls).map((call) => call.body)).toEqual([
      { roomId: 'room-a', activeNickname: 'ada' },
      { roomId: 'room-a', activeNickname: 'ada1' },
    ]);
    expect(keptInvitation()).toBeNull();
    expect(window.localStorage.getItem('activeNickname')).toBe('ada1');
  });

  it('asks about a stored invitation too, and Not now drops it', async () => {
    keepInvitation('room-a');
    const { calls, router } = {
      ...fakeApi(testUser, previewAnd(joined)),
      ...renderApp('/join'),
    };
    expect(await screen.findByRole('heading', { name: 'Join "Book club"?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Not now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(joins(calls)).toHaveLength(0);
    expect(keptInvitation()).toBeNull();
  });

  it('ignores an invitation kept more than an hour, or in localStorage', async () => {
    keepInvitation('room-a', Date.now() - 61 * 60_000);
    window.localStorage.setItem('pendingRoomJoin', 'room-a');
    const { calls } = fakeApi(testUser, previewAnd(joined));
    renderApp('/join');
    expect(await screen.findByRole('textbox', { name: 'Room Name' })).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/invites/'))).toBe(false);
    expect(keptInvitation()).toBeNull();
    expect(window.localStorage.getItem('pendingRoomJoin')).toBeNull();
  });

  it('closes the conflict panel on Cancel', async () => {
    fakeApi(
      testUser,
      previewAnd(() => conflict),
    );
    renderApp('/join?room=room-a');
    await acceptInvitation();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'New Nickname' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Join Room' })).toBeTruthy();
  });

  it("shows the server's error, else the fallback", async () => {
    fakeApi(testUser, (call) => {
      if (call.path.startsWith('/api/invites/')) return invitePreview;
      return call.path === '/api/join' ? { status: 500, text: 'oops' } : undefined;
    });
    renderApp('/join?room=room-a');
    await acceptInvitation();
    expect(await screen.findByText('Failed to join the room')).toBeTruthy();
  });

  it('says so when the join answers without success', async () => {
    fakeApi(testUser, (call) => {
      if (call.path.startsWith('/api/invites/')) return invitePreview;
      return call.path === '/api/join' ? { status: 200, body: { success: false } } : undefined;
    });
    renderApp('/join?room=room-a');
    await acceptInvitation();
    expect(await screen.findByText('Failed to set up room membership')).toBeTruthy();
  });
});

describe('invitations and auto-join', () => {
  it('keeps the invited room for this tab and sends a visitor to register', async () => {
    fakeApi(null);
    const { router } = renderApp('/invite?room=room-a&invite=code-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(JSON.parse(keptInvitation()!)).toMatchObject({ room: 'room-a', invite: 'code-1' });
    expect(window.localStorage.getItem('pendingRoomJoin')).toBeNull();
  });

  it('shows a signed-in person the invited room and joins only when they click Join', async () => {
    const user: PublicUser = { ...testUser, nickname: 'grace', activeNickname: null };
    const { calls } = fakeApi(user, previewAnd(joined));
    const { router } = renderApp('/invite?room=room-a&invite=code-1');
    expect(await screen.findByRole('heading', { name: 'Join "Book club"?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auto-join');
    expect(calls.map((call) => call.path)).toContain('/api/invites/room-a?invite=code-1');
    expect(joins(calls)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/room-a'));
    expect(joins(calls)[0]?.body).toEqual({
      roomId: 'room-a',
      invite: 'code-1',
      activeNickname: 'grace',
    });
    expect(keptInvitation()).toBeNull();
  });

  it('still asks when history state claims the app led there', async () => {
    const { calls } = fakeApi(testUser, previewAnd(joined));
    renderApp('/auto-join?room=room-a', { joinAccepted: true });
    expect(await screen.findByRole('heading', { name: 'Join "Book club"?' })).toBeTruthy();
    expect(joins(calls)).toHaveLength(0);
  });

  it('tells a banned person so, and offers no Join button', async () => {
    const { calls } = fakeApi(testUser, (call) =>
      call.path === '/api/invites/room-a'
        ? { status: 200, body: { ...invitePreview.body, banned: true } }
        : undefined,
    );
    renderApp('/auto-join?room=room-a');
    expect(await screen.findByRole('heading', { name: 'Error Joining Room' })).toBeTruthy();
    expect(screen.getByText('You have been banned from this room')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    expect(joins(calls)).toHaveLength(0);
  });

  it('explains a failed auto-join and offers the way home', async () => {
    keepInvitation('gone');
    fakeApi(testUser, (call) => {
      if (call.path === '/api/invites/gone') return { status: 200, body: invitePreview.body };
      return call.path === '/api/join'
        ? { status: 404, body: { error: 'Room not found' } }
        : undefined;
    });
    renderApp('/auto-join?room=gone');
    await acceptInvitation();
    expect(await screen.findByRole('heading', { name: 'Error Joining Room' })).toBeTruthy();
    expect(screen.getByText('Room not found')).toBeTruthy();
    expect(screen.getByText('The room no longer exists')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(keptInvitation()).toBeNull();
  });

  it('explains an invitation to a room that does not exist', async () => {
    keepInvitation('gone');
    fakeApi(testUser, (call) =>
      call.path === '/api/invites/gone'
        ? { status: 404, body: { error: 'Room not found' } }
        : undefined,
    );
    renderApp('/auto-join?room=gone');
    expect(await screen.findByRole('heading', { name: 'Error Joining Room' })).toBeTruthy();
    expect(screen.getByText('Room not found')).toBeTruthy();
    expect(keptInvitation()).toBeNull();
  });

  it('offers a new nickname on an auto-join conflict, and Cancel goes home', async () => {
    fakeApi(
      testUser,
      previewAnd(() => conflict),
    );
    const { router } = renderApp('/auto-join?room=room-a');
    await acceptInvitation();
    expect(await screen.findByRole('heading', { name: 'Nickname Conflict' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
