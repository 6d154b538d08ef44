import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RoomSummary } from '../../contract/rooms';
import { fakeApi, renderApp, testUser } from './render-app';

/** A spy, not a property of its own: jsdom's scrollY comes back when setup.ts restores mocks. */
function scrollTo(y: number) {
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(y);
  fireEvent.scroll(window);
}

describe('home page', () => {
  it('shows visitors the landing page, whose top bar turns scrolled past 100 px', async () => {
    fakeApi(null);
    renderApp('/');

    expect(
      await screen.findByRole('heading', { name: 'The best way to chat with friends' }),
    ).toBeTruthy();
    expect(screen.getByText(/secure way to chat with friends/)).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(header.hasAttribute('data-scrolled')).toBe(false);

    scrollTo(100);
    expect(header.hasAttribute('data-scrolled')).toBe(false);
    scrollTo(101);
    await waitFor(() => expect(header.hasAttribute('data-scrolled')).toBe(true));
    scrollTo(0);
    await waitFor(() => expect(header.hasAttribute('data-scrolled')).toBe(false));
  });

  it("shows a user's rooms with the spec's fallbacks", async () => {
    const rooms: RoomSummary[] = [
      {
        _id: '1',
        roomId: 'room-a',
        name: 'Book club',
        activeNickname: 'ada',
        lastMessageExcerpt: { fullText: '<b>Hi</b>', plainText: 'Hi all' },
      },
      { _id: '2', roomId: 'room-b', name: '', activeNickname: null },
    ];
    fakeApi(testUser, (call) =>
      call.path === '/api/rooms' ? { status: 200, body: rooms } : undefined,
    );
    renderApp('/');

    const first = (await screen.findByRole('heading', { name: 'Book club' })).closest('a')!;
    expect(first.getAttribute('href')).toBe('/chat/room-a');
    expect(within(first).getByText('Hi all')).toBeTruthy();
    expect(within(first).getByText('Joined as: ada')).toBeTruthy();

    const second = screen.getByRole('heading', { name: 'Untitled Room' }).closest('a')!;
    expect(within(second).getByText('No messages yet')).toBeTruthy();
    expect(within(second).getByText('No nickname yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Room' }).getAttribute('href')).toBe('/join');
  });

  it('says so when the user has no rooms', async () => {
    fakeApi(testUser, (call) =>
      call.path === '/api/rooms' ? { status: 200, body: [] } : undefined,
    );
    renderApp('/');
    expect(await screen.findByText("You haven't created or joined any rooms yet.")).toBeTruthy();
  });

  it('shows the load failure when the rooms call fails', async () => {
    fakeApi(testUser);
    renderApp('/');
    expect(await screen.findByText('Failed to load rooms. Please try again.')).toBeTruthy();
  });

  it('keeps the rooms shown beside the load failure when a Refresh fails', async () => {
    let failing = false;
    const rooms: RoomSummary[] = [
      { _id: '1', roomId: 'room-a', name: 'Book club', activeNickname: 'ada' },
    ];
    fakeApi(testUser, (call) =>
      call.path === '/api/rooms'
        ? failing
          ? { status: 500, body: { error: 'Internal error' } }
          : { status: 200, body: rooms }
        : undefined,
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Book club' })).toBeTruthy();

    failing = true;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    // A 5xx is retried once, a second later, before the query gives up.
    expect(
      await screen.findByText('Failed to load rooms. Please try again.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Book club' })).toBeTruthy();
    expect(screen.queryByText('Loading rooms...')).toBeNull();
  });

  it("reads the rooms again on Refresh, showing 'Loading rooms...' meanwhile", async () => {
    let answer: (() => void) | null = null;
    let rooms: RoomSummary[] = [];
    const { fetchMock, calls } = fakeApi(testUser, (call) =>
      call.path === '/api/rooms' ? { status: 200, body: rooms } : undefined,
    );
    renderApp('/');
    expect(await screen.findByText("You haven't created or joined any rooms yet.")).toBeTruthy();

    rooms = [{ _id: '1', roomId: 'room-a', name: 'Book club', activeNickname: 'ada' }];
    const answerLater = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(
      (input, init) =>
        new Promise<Response>((resolve) => {
          answer = () => void answerLater(input, init).then(resolve);
        }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Loading rooms...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await waitFor(() => expect(answer).not.toBeNull());
    answer!();
    expect(await screen.findByRole('heading', { name: 'Book club' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/rooms')).toHaveLength(2);
  });

  it('keeps Refresh enabled, and focused, while the list is read again in the background', async () => {
    const rooms: RoomSummary[] = [
      { _id: '1', roomId: 'room-a', name: 'Book club', activeNickname: 'ada' },
    ];
    let answer: (() => void) | null = null;
    const { fetchMock } = fakeApi(testUser, (call) =>
      call.path === '/api/rooms' ? { status: 200, body: rooms } : undefined,
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Book club' })).toBeTruthy();
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    refresh.focus();

    // The list's polls (every 5 s) read it again like this, with the rooms still shown.
    const answerLater = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(
      (input, init) =>
        new Promise<Response>((resolve) => {
          answer = () => void answerLater(input, init).then(resolve);
        }),
    );
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await waitFor(() => expect(answer).not.toBeNull());
    // A disabled button would throw the keyboard's focus back to the page every few seconds.
    expect(refresh.hasAttribute('disabled')).toBe(false);
    expect(refresh.hasAttribute('aria-disabled')).toBe(false);
    expect(document.activeElement).toBe(refresh);
    answer!();
    await waitFor(() => expect(refresh.hasAttribute('disabled')).toBe(false));
  });

  it('reads the rooms again when the browser restores the page from its back-forward cache', async () => {
    let rooms: RoomSummary[] = [];
    const { calls } = fakeApi(testUser, (call) =>
      call.path === '/api/rooms' ? { status: 200, body: rooms } : undefined,
    );
    renderApp('/');
    expect(await screen.findByText("You haven't created or joined any rooms yet.")).toBeTruthy();

    rooms = [{ _id: '1', roomId: 'room-a', name: 'Book club', activeNickname: 'ada' }];
    // A pageshow that is not a restore (the first load) changes nothing.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(await screen.findByRole('heading', { name: 'Book club' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/rooms')).toHaveLength(2);
  });

  it('reads the rooms again when the list comes back, e.g. on a back navigation', async () => {
    const { calls } = fakeApi(testUser, (call) =>
      call.path === '/api/rooms' ? { status: 200, body: [] } : undefined,
    );
    const { router } = renderApp('/');
    expect(await screen.findByText("You haven't created or joined any rooms yet.")).toBeTruthy();
    await router.navigate('/settings');
    await screen.findByRole('button', { name: 'Continue to Settings' });
    await router.navigate(-1);
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/rooms')).toHaveLength(2));
  });
});
