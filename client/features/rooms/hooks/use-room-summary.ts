import { useQuery } from '@tanstack/react-query';
import type { RoomSummary } from '../../../../contract/rooms';
import { useSession } from '../../../lib/session/use-session';
import { getRoomsQueryOptions } from '../api/get-rooms';

/**
 * The signed-in person's entry for `roomId` in the room list (undefined until it has said, or
 * for a room they are not in): whether it is a private conversation, and its name as they see it.
 */
export function useRoomSummary(roomId: string): RoomSummary | undefined {
  const { user } = useSession();
  const rooms = useQuery({ ...getRoomsQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
  return rooms.data?.find((room) => room.roomId === roomId);
}
