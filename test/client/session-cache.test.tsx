import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readPendingChatLink, savePendingChatLink } from '../../client/lib/pending-chat-link';
import { readPendingInvitation, savePendingInvitation } from '../../client/lib/pending-invitation';
import { createQueryClient } from '../../client/lib/query-client';
import { roomsKeys, sessionKeys } from '../../client/lib/query-keys';
import { SessionProvider } from '../../client/lib/session/session-provider';
import { useSession } from '../../client/lib/session/use-session';
import { fakeApi, testUser } from './render-app';

function Who() {
  const { user, loading, logout } = useSession();
  return (
    <>
      <p>{loading ? 'checking' : (user?.email ?? 'nobody')}</p>
      <button onClick={() => void logout()}>Logout</button>
    </>
  );
}

let renders = 0;

/** The current room as the session user and storage see it, and buttons that change it. */
function Room() {
  const { user, enterRoom, forgetRoom } = useSession();
  renders++;
  return (
    <>
      <p>{`room ${user?.roomId ?? 'none'} as ${user?.activeNickname ?? 'none'}`}</p>
      <button onClick={() => enterRoom('room-b', 'Bee')}>Enter B</button>
      <button onClick={() => enterRoom('room-c', null)}>Enter C</button>
      <button onClick={() => forgetRoom()}>Forget</button>
    </>
  );
}

function renderSession(content = <Who />) {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{content}</SessionProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('the session in the query cache', () => {
  it("forgets the last account's server data on logout, so the next person never sees it", async () => {
    fakeApi(testUser, (call) =>
      call.path === '/api/auth/logout' ? { status: 200, body: {} } : undefined,
    );
    const queryClient = renderSession();
    expect(await screen.findByText(testUser.email)).toBeTruthy();
    queryClient.setQueryData(roomsKeys.members('room-a'), { isOwner: true, members: [] });
    queryClient.setQueryData(roomsKeys.list(testUser.id), []);

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('nobody')).toBeTruthy();
    expect(queryClient.getQueryData(roomsKeys.members('room-a'))).toBeUndefined();
    expect(queryClient.getQueryData(roomsKeys.list(testUser.id))).toBeUndefined();
  });

  it("drops an invitation still waiting in the tab, so the next person's sign-in is not led to it", async () => {
    fakeApi(testUser, (call) =>
      call.path === '/api/auth/logout' ? { status: 200, body: {} } : undefined,
    );
    renderSession();
    expect(await screen.findByText(testUser.email)).toBeTruthy();
    // The person followed an invitation, signed in, and left its prompt without an answer.
    savePendingInvitation({ room: 'room-a', invite: 'secret-code-of-room-a' });

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('nobody')).toBeTruthy();
    expect(readPendingInvitation()).toBeNull();
  });

  it("drops a chat link still kept in the tab, so the next person's sign-in is not led to it", async () => {
    fakeApi(testUser, (call) =>
      call.path === '/api/auth/logout' ? { status: 200, body: {} } : undefined,
    );
    renderSession();
    expect(await screen.findByText(testUser.email)).toBeTruthy();
    savePendingChatLink({ roomId: 'Room_Id-0123456789ab', messageId: 7 });

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('nobody')).toBeTruthy();
    expect(readPendingChatLink()).toBeNull();
  });

  it('keeps the user when a re-read gets no answer, and signs out when the server says no', async () => {
    const { fetchMock } = fakeApi(testUser);
    const queryClient = renderSession();
    expect(await screen.findByText(testUser.email)).toBeTruthy();

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
    expect(screen.getByText(testUser.email)).toBeTruthy();

    fetchMock.mockResolvedValueOnce(new Response('{"error":"Not authenticated"}', { status: 401 }));
    await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
    await waitFor(() => expect(screen.getByText('nobody')).toBeTruthy());
  });

  it('makes a room current on the user and in storage, and forgets it', async () => {
    fakeApi({ ...testUser, roomId: 'room-a', activeNickname: 'Ay' });
    localStorage.setItem('joinedRoomId', 'room-a');
    localStorage.setItem('activeNickname', 'Ay');
    renderSession(<Room />);
    expect(await screen.findByText('room room-a as Ay')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Enter B' }));
    expect(await screen.findByText('room room-b as Bee')).toBeTruthy();
    expect(localStorage.getItem('joinedRoomId')).toBe('room-b');
    expect(localStorage.getItem('activeNickname')).toBe('Bee');

    // Entering the room that is already current changes nothing, so no render follows.
    const before = renders;
    fireEvent.click(screen.getByRole('button', { name: 'Enter B' }));
    expect(renders).toBe(before);

    // No nickname known for the room: the stored one must not be reused for it.
    fireEvent.click(screen.getByRole('button', { name: 'Enter C' }));
    expect(await screen.findByText('room room-c as none')).toBeTruthy();
    expect(localStorage.getItem('joinedRoomId')).toBe('room-c');
    expect(localStorage.getItem('activeNickname')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Forget' }));
    expect(localStorage.getItem('joinedRoomId')).toBeNull();
  });

  it('sends again a logout the server never heard, before asking who is signed in', async () => {
    let reachable = false;
    const { calls } = fakeApi(testUser, (call) => {
      if (call.path !== '/api/auth/logout') return undefined;
      if (!reachable) throw new TypeError('Failed to fetch');
      return { status: 200, body: { success: true } };
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSession();
    expect(await screen.findByText(testUser.email)).toBeTruthy();
    // Signed out while offline: the HttpOnly cookie still names the session on the server.
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('nobody')).toBeTruthy();
    cleanup();

    // The next visit, still unreachable, with the cookie's readable companion still there (the
    // server never cleared it): nobody is signed in, and nobody is asked about.
    document.cookie = 'has_session=1';
    calls.length = 0;
    renderSession();
    expect(await screen.findByText('nobody')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/logout']);
    cleanup();

    // The one after, reachable: the logout is heard, and nobody is signed in.
    reachable = true;
    calls.length = 0;
    renderSession();
    expect(await screen.findByText('nobody')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/logout']);
    cleanup();

    // Once heard, it is not sent again: the next visit asks the server as usual.
    calls.length = 0;
    renderSession();
    expect(await screen.findByText(testUser.email)).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/login/current']);
    document.cookie = 'has_session=; max-age=0';
  });

  it('starts signed out when the startup check gets no answer, without waiting for a retry', async () => {
    // The page's clock, not the machine's: a loaded machine may take longer than a retry's delay
    // (1 s) to render, so 'nobody' must come with less than that of the page's time gone.
    vi.useFakeTimers();
    // A session may exist: without the hint the page knows a visitor at once and asks nothing.
    window.localStorage.setItem('sessionHint', '1');
    const check = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', check);
    renderSession();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(check).toHaveBeenCalled();
    expect(screen.getByText('nobody')).toBeTruthy();
  });
});
