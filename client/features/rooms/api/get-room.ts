import { queryOptions } from '@tanstack/react-query';
import type { RoomResponse, RoomSummary } from '../../../../contract/rooms';
import { api } from '../../../lib/api-client';
import { roomsKeys } from '../../../lib/query-keys';

/**
 * The caller's entry for `roomId` from the room itself, as the room list gives it: for a room
 * the list does not hold (it stops at the 200 most recently active).
 */
export async function getRoom(roomId: string): Promise<RoomSummary> {
  const { room } = await api.get<RoomResponse>(`/rooms/${encodeURIComponent(roomId)}`);
  return room;
}

export const getRoomQueryOptions = (userId: string, roomId: string) =>
  queryOptions({
    queryKey: roomsKeys.summary(roomId, userId),
    queryFn: () => getRoom(roomId),
  });
