import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RoomSummary } from '../../contract/rooms';
import { useJoinRoom } from '../../client/features/join/api/join-room';
import { getRoomsQueryOptions } from '../../client/features/rooms/api/get-rooms';
import { createQueryClient } from '../../client/lib/query-client';
import { fakeApi, testUser } from './render-app';

/** The rooms feature's list and the join feature's mutation, side by side on one cache. */
function RoomsAndJoin() {
  const rooms = useQuery(getRoomsQueryOptions(testUser.id));
  const join = useJoinRoom();
  return (
    <>
      <ul>
        {rooms.data?.map((room) => (
          <li key={room.roomId}>{room.name}</li>
        ))}
      </ul>
      <button onClick={() => join.mutate({ roomName: 'Chess', activeNickname: 'ada' })}>
        Join
      </button>
    </>
  );
}

describe('a join and the room list', () => {
  it('reads the room list again once a join went through, though the list was still fresh', async () => {
    let rooms: RoomSummary[] = [
      { _id: 'room-a', roomId: 'room-a', name: 'Book club', activeNickname: 'ada' },
    ];
    const { calls } = fakeApi(testUser, (call) => {
      if (call.path === '/api/rooms') return { status: 200, body: rooms };
      if (call.path !== '/api/join') return undefined;
      rooms = [...rooms, { _id: 'room-b', roomId: 'room-b', name: 'Chess', activeNickname: 'ada' }];
      return { status: 200, body: { success: true, roomId: 'room-b', activeNickname: 'ada' } };
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RoomsAndJoin />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Book club')).toBeTruthy();
    expect(screen.queryByText('Chess')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Chess')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/rooms')).toHaveLength(2);
  });

  it('leaves the list alone when the join fails', async () => {
    const { calls } = fakeApi(testUser, (call) =>
      call.path === '/api/rooms'
        ? { status: 200, body: [] }
        : call.path === '/api/join'
          ? { status: 404, body: { error: 'Room not found' } }
          : undefined,
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RoomsAndJoin />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/rooms')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/join')).toHaveLength(1));
    // Give a wrongly started refetch the time to be sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.path === '/api/rooms')).toHaveLength(1);
  });
});
