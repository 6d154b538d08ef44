import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

function renderSession() {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <Who />
      </SessionProvider>
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

  it('starts signed out when the startup check gets no answer, without waiting for a retry', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderSession();
    expect(await screen.findByText('nobody', undefined, { timeout: 500 })).toBeTruthy();
  });
});
