import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RoomSummary } from '../../contract/rooms';
import { fakeApi, renderApp, testUser } from './render-app';

// The chat's heading does not need a live room: a socket that never connects will do.
vi.mock('socket.io-client', () => import('./fake-socket').then((m) => m.fakeSocketIoClient));

// A page change takes away the link or button that was pressed: left alone, the focus falls to
// <body>, a screen reader says nothing of the new page and Tab starts again from the top.
describe('the focus after a page change', () => {
  it("moves to the new page's heading after an in-app navigation", async () => {
    fakeApi(null);
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Register' });

    await router.navigate('/login', {
      state: { message: 'Registration successful! Please log in.' },
    });
    const heading = await screen.findByRole('heading', { name: 'Login' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // Focusable by script only: not a stop on the Tab order.
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('moves to the main area when the new page has no heading yet', async () => {
    fakeApi(testUser);
    const { router } = renderApp('/settings');
    await screen.findByRole('heading', { name: 'Account Settings' });

    // A room this browser never joined: the chat waits for its nickname under 'Loading...'.
    await router.navigate('/chat/room-z');
    const main = await screen.findByRole('main');
    await waitFor(() => expect(document.activeElement).toBe(main));
    expect(main.querySelector('h1')).toBeNull();
  });

  it("moves on to the heading once a page that was 'Loading...' has loaded", async () => {
    const rooms: RoomSummary[] = [
      { _id: 'room-z', roomId: 'room-z', name: 'Zither club', activeNickname: 'ada' },
    ];
    // Answered a moment later, as a server would: the chat shows 'Loading...' until then.
    fakeApi(testUser, (call) =>
      call.path === '/api/rooms' ? { status: 200, body: rooms } : undefined,
    );
    const { router } = renderApp('/settings');
    await screen.findByRole('heading', { name: 'Account Settings' });

    // The chat looks its nickname up in the rooms list first, under 'Loading...'.
    await router.navigate('/chat/room-z');
    // Named 'Chat room' until the room's own data comes over the (here silent) socket.
    // The chat is drawn again as it settles: whichever heading is there at the end has it.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })),
    );
  });

  it('stops handing it to the heading once the reader clicked elsewhere on the page', async () => {
    fakeApi(null);
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Register' });
    await router.navigate('/login');
    const heading = await screen.findByRole('heading', { name: 'Login' });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    // A click on text, which takes no focus: the focus falls to <body>, with no focusin.
    const main = screen.getByRole('main');
    await userEvent.click(main);
    expect(document.activeElement).toBe(document.body);
    // The page changes a moment later (a live chat does, all the time).
    main.append(document.createElement('div'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves it alone on the first load', async () => {
    fakeApi(null);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    expect(document.activeElement).toBe(document.body);
  });

  it("leaves it where the new page put it: the join screen's own autofocus", async () => {
    fakeApi(testUser);
    const { router } = renderApp('/settings');
    await screen.findByRole('heading', { name: 'Account Settings' });

    await router.navigate('/join');
    const field = await screen.findByRole('textbox', { name: 'Room Name' });
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('leaves it alone when only the search of the same page changes', async () => {
    fakeApi(null);
    const { router } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Register' });
    await router.navigate('/login');
    const heading = await screen.findByRole('heading', { name: 'Login' });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    const email = screen.getByRole('textbox', { name: 'Email' });
    email.focus();
    await router.navigate('/login?redirect=join');
    expect(document.activeElement).toBe(email);
  });
});
