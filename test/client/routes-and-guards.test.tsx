import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../../client/lib/query-keys';
import { fakeApi, renderApp, testUser } from './render-app';
import { stubIntersectionObserver } from './stub-observers';

// A chat opened here connects: to a fake socket.
vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

const ROOM = 'Room_Id-0123456789ab';

/** A signed-in person's chat, opened at a message's link: the tab's first entry. */
async function openChatAtLink() {
  stubIntersectionObserver();
  const listed = { _id: ROOM, roomId: ROOM, name: 'Lobby', activeNickname: 'ada' };
  const { fetchMock } = fakeApi({ ...testUser, roomId: ROOM, activeNickname: 'ada' }, (call) =>
    call.path === '/api/rooms' ? { status: 200, body: [listed] } : undefined,
  );
  const view = renderApp(`/chat/${ROOM}?message=7`);
  expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
  return { ...view, fetchMock };
}

describe('routes and guards', () => {
  it("shows 'Loading...' on / until the session check answers", async () => {
    window.localStorage.setItem('sessionHint', '1'); // a browser that has signed in before
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderApp('/');
    expect(await screen.findByText('Loading...')).toBeTruthy();

    answer(new Response('{}', { status: 401 }));
    expect(
      await screen.findByRole('heading', { name: 'The best way to chat with friends' }),
    ).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('sends a visitor from a signed-in page to /login', async () => {
    fakeApi(null);
    const { router } = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('keeps a chat link a visitor opened for their sign-in, and sends them to /login', async () => {
    fakeApi(null);
    const { router } = renderApp(`/chat/${ROOM}?message=7&x=1`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(JSON.parse(window.sessionStorage.getItem('pendingChatLink')!)).toMatchObject({
      roomId: ROOM,
      messageId: 7,
    });
  });

  it('keeps no chat reached inside the app while signed out (Back after a logout)', async () => {
    fakeApi(null);
    const { router } = renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'The best way to chat with friends' }),
    ).toBeTruthy();
    await router.navigate(`/chat/${ROOM}?message=7`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.sessionStorage.getItem('pendingChatLink')).toBeNull();
  });

  it("keeps no chat signed out of in place: it is the last account's room", async () => {
    const { fetchMock, router, queryClient } = await openChatAtLink();
    // The session ends under the chat (the server says no to a re-read).
    fetchMock.mockResolvedValueOnce(new Response('{"error":"Not authenticated"}', { status: 401 }));
    await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.sessionStorage.getItem('pendingChatLink')).toBeNull();
  });

  // The first entry keeps its key when Back returns to it: a guard mounted anew after the
  // logout must still know that this page had a user (review).
  it('keeps no chat gone back to after a logout from it', async () => {
    const { router } = await openChatAtLink();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.sessionStorage.getItem('pendingChatLink')).toBeNull();
  });

  it.each([`/chat/not-a-room?message=7`, '/settings', '/auto-join?room=room-42', '/join'])(
    'keeps nothing for %s',
    async (path) => {
      fakeApi(null);
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(window.sessionStorage.getItem('pendingChatLink')).toBeNull();
    },
  );

  it('shows a regular user the Access Denied panel on /admin', async () => {
    fakeApi(testUser);
    renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(
      screen.getByText("You don't have permission to access the admin dashboard."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('lets an admin into /admin and gives them the dashboard as home', async () => {
    fakeApi({ ...testUser, role: 'admin' });
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();

    await router.navigate('/');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
  });

  it('keeps the invitation and sends a visitor to register', async () => {
    fakeApi(null);
    const { router } = renderApp('/invite?room=room-42');

    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(window.sessionStorage.getItem('pendingRoomJoin')).toContain('"room":"room-42"');
  });

  it('sends a signed-in user from an invitation to the auto-join', async () => {
    fakeApi(testUser);
    const { router } = renderApp('/invite?room=room-42');

    await waitFor(() => expect(router.state.location.pathname).toBe('/auto-join'));
    expect(router.state.location.search).toBe('?room=room-42');
  });

  it('sends an invitation without a room home, storing nothing', async () => {
    fakeApi(null);
    const { router } = renderApp('/invite');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.sessionStorage.getItem('pendingRoomJoin')).toBeNull();
  });
});
