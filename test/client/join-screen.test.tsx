import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '../../contract/user';
import { acceptedJoinState } from '../../client/lib/join-intent';
import { fakeApi, renderApp, testUser, type FetchCall } from './render-app';

// A successful join opens the chat; its socket is not under test here.
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = {
      connected: false,
      on: () => socket,
      off: () => socket,
      emit: () => socket,
      timeout: () => ({ emit: () => socket }),
      disconnect: () => socket,
      connect: () => socket,
      io: { on: () => {}, off: () => {}, opts: {} },
    };
    return socket;
  },
}));

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
  body: { roomId: 'room-a', name: 'Book club', isMember: false, banned: false },
};
const joins = (calls: FetchCall[]) => calls.filter((call) => call.path === '/api/join');

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

  it('joins a shared room at once, and resolves a nickname conflict', async () => {
    window.localStorage.setItem('pendingRoomJoin', 'room-a');
    const { calls } = fakeApi(testUser, (call) => {
      if (call.path !== '/api/join') return undefined;
      return (call.body as { activeNickname: string }).activeNickname === 'ada'
        ? conflict
        : joined(call);
    });
    const { router } = renderApp('/join?room=room-a');
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
    expect(window.localStorage.getItem('pendingRoomJoin')).toBeNull();
    expect(window.localStorage.getItem('activeNickname')).toBe('ada1');
  });

  it('closes the conflict panel on Cancel', async () => {
    fakeApi(testUser, (call) => (call.path === '/api/join' ? conflict : undefined));
    renderApp('/join?room=room-a');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'New Nickname' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Join Room' })).toBeTruthy();
  });

  it("shows the server's error, else the fallback", async () => {
    fakeApi(testUser, (call) =>
      call.path === '/api/join' ? { status: 500, text: 'oops' } : undefined,
    );
    renderApp('/join?room=room-a');
    expect(await screen.findByText('Failed to join the room')).toBeTruthy();
  });

  it('says so when the join answers without success', async () => {
    fakeApi(testUser, (call) =>
      call.path === '/api/join' ? { status: 200, body: { success: false } } : undefined,
    );
    renderApp('/join?room=room-a');
    expect(await screen.findByText('Failed to set up room membership')).toBeTruthy();
  });
});

describe('invitations and auto-join', () => {
  it('keeps the invited room and sends a visitor to register', async () => {
    fakeApi(null);
    const { router } = renderApp('/invite?room=room-a');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(window.localStorage.getItem('pendingRoomJoin')).toBe('room-a');
  });

  it('shows a signed-in person the invited room and joins only when they click Join', async () => {
    const user: PublicUser = { ...testUser, nickname: 'grace', activeNickname: null };
    const { calls } = fakeApi(user, (call) => {
      if (call.path === '/api/join') return joined(call);
      if (call.path === '/api/invites/room-a') return invitePreview;
      return undefined;
    });
    const { router } = renderApp('/invite?room=room-a');
    expect(await screen.findByRole('heading', { name: 'Join "Book club"?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auto-join');
    expect(joins(calls)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/room-a'));
    expect(joins(calls)[0]?.body).toEqual({ roomId: 'room-a', activeNickname: 'grace' });
    expect(window.localStorage.getItem('pendingRoomJoin')).toBeNull();
  });

  it('joins at once when the app itself led there, after the login an invitation asked for', async () => {
    const { calls, router } = {
      ...fakeApi(testUser, (call) => (call.path === '/api/join' ? joined(call) : undefined)),
      ...renderApp('/auto-join?room=room-a', acceptedJoinState),
    };
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/room-a'));
    expect(joins(calls)).toHaveLength(1);
    expect(calls.some((call) => call.path.startsWith('/api/invites/'))).toBe(false);
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
    window.localStorage.setItem('pendingRoomJoin', 'gone');
    fakeApi(testUser, (call) =>
      call.path === '/api/join' ? { status: 404, body: { error: 'Room not found' } } : undefined,
    );
    renderApp('/auto-join?room=gone', acceptedJoinState);
    expect(await screen.findByRole('heading', { name: 'Error Joining Room' })).toBeTruthy();
    expect(screen.getByText('Room not found')).toBeTruthy();
    expect(screen.getByText('The room no longer exists')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(window.localStorage.getItem('pendingRoomJoin')).toBeNull();
  });

  it('explains an invitation to a room that does not exist', async () => {
    window.localStorage.setItem('pendingRoomJoin', 'gone');
    fakeApi(testUser, (call) =>
      call.path === '/api/invites/gone'
        ? { status: 404, body: { error: 'Room not found' } }
        : undefined,
    );
    renderApp('/auto-join?room=gone');
    expect(await screen.findByRole('heading', { name: 'Error Joining Room' })).toBeTruthy();
    expect(screen.getByText('Room not found')).toBeTruthy();
    expect(window.localStorage.getItem('pendingRoomJoin')).toBeNull();
  });

  it('offers a new nickname on an auto-join conflict, and Cancel goes home', async () => {
    fakeApi(testUser, (call) => (call.path === '/api/join' ? conflict : undefined));
    const { router } = renderApp('/auto-join?room=room-a', acceptedJoinState);
    expect(await screen.findByRole('heading', { name: 'Nickname Conflict' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
