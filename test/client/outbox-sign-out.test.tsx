import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { outboxStorage } from '../../client/lib/outbox-storage';
import { createQueryClient } from '../../client/lib/query-client';
import { SessionProvider } from '../../client/lib/session/session-provider';
import { useSession } from '../../client/lib/session/use-session';
import { fakeApi, testUser } from './render-app';

function Who() {
  const { user, logout } = useSession();
  return (
    <>
      <p>{user?.email ?? 'nobody'}</p>
      <button onClick={() => void logout()}>Logout</button>
    </>
  );
}

const left = (accountId: string) => outboxStorage(accountId, 'room-a').load();

function keepText(accountId: string) {
  outboxStorage(accountId, 'room-a').save({
    clientId: `${accountId}-text`,
    text: `typed by ${accountId}`,
    createdAt: Date.now(),
  });
}

describe('the stored outbox and the session', () => {
  it('keeps only the signed-in account’s texts, and clears them on logout', async () => {
    keepText(testUser.id);
    keepText('someone-before');
    fakeApi(testUser, (call) =>
      call.path === '/api/auth/logout' ? { status: 200, body: {} } : undefined,
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <Who />
        </SessionProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(testUser.email)).toBeTruthy();
    await waitFor(async () => expect(await left('someone-before')).toEqual([]));
    expect(await left(testUser.id)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('nobody')).toBeTruthy();
    expect(await left(testUser.id)).toEqual([]);
  });
});
