/**
 * The room the spec keeps in storage (joinedRoomId, activeNickname) is one account's. A logout
 * clears it; an account whose session ended without one here (expired, ended from another
 * device) must not hand it to whoever signs in next on this browser: its id is what joins a
 * room, and /chat would take the next person into it under the last one's nickname.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../contract/user';
import { fakeApi, renderApp, testUser } from './render-app';

const ada: PublicUser = testUser;
const bob: PublicUser = { ...testUser, id: 'u2', email: 'bob@example.com', nickname: 'bob' };

const stored = () => ({
  room: window.localStorage.getItem('joinedRoomId'),
  nickname: window.localStorage.getItem('activeNickname'),
});

/** Ada entered her room on this browser (the chat screen stores it), and never logged out. */
async function adaWasHere() {
  fakeApi(ada, (call) =>
    call.path === '/api/rooms'
      ? { status: 200, body: [{ _id: 'ada-room', roomId: 'ada-room', activeNickname: 'Ada' }] }
      : undefined,
  );
  const view = renderApp('/chat/ada-room');
  await waitFor(() => expect(stored()).toEqual({ room: 'ada-room', nickname: 'Ada' }));
  view.unmount();
}

describe('the stored room, and who signs in next', () => {
  afterEach(() => window.localStorage.clear());

  it('is not handed to the next account when the last session ended without a logout', async () => {
    await adaWasHere();
    fakeApi(bob, (call) => (call.path === '/api/rooms' ? { status: 200, body: [] } : undefined));
    renderApp('/');
    await screen.findByText("You haven't created or joined any rooms yet.");
    await waitFor(() => expect(stored()).toEqual({ room: null, nickname: null }));
  });

  it('does not lead the next account from /chat into the last one’s room', async () => {
    await adaWasHere();
    const { calls } = fakeApi(bob, (call) =>
      call.path === '/api/rooms' ? { status: 200, body: [] } : undefined,
    );
    renderApp('/chat');
    await screen.findByRole('button', { name: 'Join Room' });
    expect(calls.some((call) => call.path.includes('ada-room'))).toBe(false);
    expect(stored()).toEqual({ room: null, nickname: null });
  });

  it('stays for the account it belongs to (a reload)', async () => {
    await adaWasHere();
    fakeApi(ada, (call) => (call.path === '/api/rooms' ? { status: 200, body: [] } : undefined));
    renderApp('/');
    await screen.findByText("You haven't created or joined any rooms yet.");
    expect(stored()).toEqual({ room: 'ada-room', nickname: 'Ada' });
  });
});
