import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RoomSummary } from '../../contract/rooms';
import type { PublicUser } from '../../contract/user';
import { keepReadMarksOf, noteRead, withReadMarks } from '../../client/lib/unread/read-marks';
import { fakeApi, renderApp, testUser } from './render-app';

const ada: PublicUser = testUser;
const bob: PublicUser = { ...testUser, id: 'u2', email: 'bob@example.com', nickname: 'bob' };
/** A room both are in: three messages neither has read, as the server counts them. */
const shared = (activeNickname: string): RoomSummary => ({
  _id: 'room-a',
  roomId: 'room-a',
  name: 'Book club',
  activeNickname,
  unreadCount: 3,
  lastMessageId: 9,
});

describe('what a tab read, and who signs in next', () => {
  it("does not hide the next account's unread messages behind the last one's reading", async () => {
    let signedIn: PublicUser | null = ada;
    fakeApi(ada, (call) => {
      if (call.path === '/api/auth/login/current') {
        return signedIn ? { status: 200, body: { user: signedIn } } : { status: 401, body: {} };
      }
      if (call.path === '/api/rooms') return { status: 200, body: [shared(signedIn!.nickname)] };
      if (call.path === '/api/auth/logout') {
        signedIn = null;
        return { status: 200, body: {} };
      }
      if (call.path === '/api/auth/login') {
        signedIn = bob;
        return { status: 200, body: { user: bob } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Book club' });
    // Ada reads the room to its end (her chat screen reports it so).
    noteRead('room-a', 9);

    await user.click(await screen.findByRole('button', { name: 'My Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await user.type(await screen.findByLabelText(/^Email/), bob.email);
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    // Bob has read none of it: his badge says so.
    const card = (await screen.findByRole('heading', { name: 'Book club' })).closest('a')!;
    await waitFor(() => expect(within(card).getByTestId('unread-badge').textContent).toBe('3'));
  });

  it('drops the marks of an account whose session ended without a logout on this tab', () => {
    keepReadMarksOf('u1');
    noteRead('room-b', 5);
    const unread = () => withReadMarks([{ ...shared('x'), roomId: 'room-b', lastMessageId: 5 }]);
    expect(unread()[0]!.unreadCount).toBe(0);
    // The same account again (a reload) keeps what it read.
    keepReadMarksOf('u1');
    expect(unread()[0]!.unreadCount).toBe(0);
    // Someone else signs in here next.
    keepReadMarksOf('u2');
    expect(unread()[0]!.unreadCount).toBe(3);
    expect(window.sessionStorage.getItem('readMarks')).toBe('{}');
  });
});
