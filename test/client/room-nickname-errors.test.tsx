/**
 * The chat route looks its nickname up in the room list when neither the session nor storage
 * knows it. A list that fails is logged; a 401, which only says the session ended (a sign-out
 * from the chat answers the list's last read with one), is not.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRoomNickname } from '../../client/features/rooms/hooks/use-room-nickname';
import { fakeApi, renderAt, testUser } from './render-app';

function Nickname() {
  return <p>nickname: {useRoomNickname('room-a') ?? 'none yet'}</p>;
}

/** The hook in a chat of room-a, with the room list answering `status`. */
async function lookUpWith(status: number, error: string) {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const api = fakeApi(testUser, (call) =>
    call.path === '/api/rooms' ? { status, body: { error } } : undefined,
  );
  renderAt('/chat/:roomId', '/chat/room-a', <Nickname />);
  await waitFor(() => expect(api.calls.some((call) => call.path === '/api/rooms')).toBe(true));
  // Failed: the usual nickname, and the server's refusal will show.
  expect(await screen.findByText('nickname: ada')).toBeTruthy();
  return logged.mock.calls.filter(([words]) => words === 'Failed to look up the room nickname');
}

afterEach(() => vi.restoreAllMocks());

describe("the room nickname's look-up", () => {
  it('does not log a 401: the session ended, nothing failed', async () => {
    expect(await lookUpWith(401, 'Not authenticated')).toEqual([]);
  });

  it('logs any other failure', async () => {
    const logs = await lookUpWith(500, 'Internal Server Error');
    expect(logs).toHaveLength(1);
    expect(String(logs[0]![1])).toContain('Internal Server Error');
  });
});
