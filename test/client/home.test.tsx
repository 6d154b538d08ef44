import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RoomSummary } from '../../contract/rooms';
import { fakeApi, renderApp, testUser } from './render-app';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
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
});
