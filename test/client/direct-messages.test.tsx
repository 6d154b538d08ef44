/**
 * Direct messages on screen: 'Message privately' is offered beside others, never beside
 * yourself; a click opens the conversation and goes to it, a refusal stays put; the room list
 * marks a conversation with a person mark before the other person's name.
 */
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessagePrivatelyButton } from '../../client/features/direct/components/message-privately-button';
import { RoomCard } from '../../client/features/rooms/components/room-card';
import { fakeApi, renderAt, testUser, type FetchCall } from './render-app';

const inRoom = { ...testUser, roomId: 'room-a', activeNickname: 'Ada' };

function renderButtons(
  handle: (call: FetchCall) => { status: number; body?: unknown } | undefined,
) {
  const api = fakeApi(inRoom, handle);
  const { router } = renderAt(
    '/chat/:roomId',
    '/chat/room-a',
    <>
      <MessagePrivatelyButton fromRoomId="room-a" nickname="ada" />
      <MessagePrivatelyButton fromRoomId="room-a" nickname="Bob" />
    </>,
  );
  return { api, router };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("'Message privately'", () => {
  it('is offered beside others only, and opens the conversation', async () => {
    const { api, router } = renderButtons((call) =>
      call.path === '/api/rooms/room-a/direct'
        ? { status: 201, body: { roomId: 'dm-1', activeNickname: 'Ada', created: true } }
        : undefined,
    );
    const button = await screen.findByRole('button', { name: 'Message privately with Bob' });
    // Not beside yourself, whatever the case of the name.
    expect(screen.queryByRole('button', { name: 'Message privately with ada' })).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/dm-1'));
    const post = api.calls.find((call) => call.path === '/api/rooms/room-a/direct');
    expect(post).toMatchObject({ method: 'POST', body: { nickname: 'Bob' } });
    // The new room's nickname is known at once, before the room list says.
    expect(window.localStorage.getItem('activeNickname')).toContain('Ada');
  });

  it('stays in the room when the server refuses', async () => {
    const { router } = renderButtons((call) =>
      call.path === '/api/rooms/room-a/direct'
        ? { status: 403, body: { error: "You can't message this person." } }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Message privately with Bob' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/chat/room-a');
  });
});

describe('the room list', () => {
  it('marks a private conversation and names it after the other person', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <RoomCard
                room={{ _id: 'd', roomId: 'd', name: 'Bob', activeNickname: 'Ada', direct: true }}
              />
              <RoomCard room={{ _id: 'r', roomId: 'r', name: 'Friends', activeNickname: 'Ada' }} />
            </>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Private conversation: Bob' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Friends' })).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Private conversation:' })).toHaveLength(1);
  });
});
