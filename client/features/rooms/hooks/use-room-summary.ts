import { useQuery } from '@tanstack/react-query';
import type { RoomSummary } from '../../../../contract/rooms';
import { useSession } from '../../../lib/session/use-session';
import { getRoomQueryOptions } from '../api/get-room';
import { getRoomsQueryOptions } from '../api/get-rooms';

/**
 * The signed-in person's entry for `roomId` (undefined until it has said, or for a room they
 * are not in): whether they own it, whether it is a private conversation, and its name as
 * they see it. From the room list; the list stops at the 200 most recently active rooms, so a
 * quiet room beyond them asks for its own entry, once the list has answered without it (a
 * listed room costs no request of its own), and once `askRoom` allows: the chat asks only after
 * the room has let the person in, since a stranger on a link would only be refused.
 */
export function useRoomSummary(roomId: string, askRoom = true): RoomSummary | undefined {
  const { user } = useSession();
  return useRoomSummaryOf(user?.id, roomId, askRoom);
}

/** The same for a person whose id the caller has (the moderation panel is given it). */
export function useRoomSummaryOf(userId: string | undefined, roomId: string, askRoom = true) {
  const rooms = useQuery({ ...getRoomsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
  const listed = rooms.data?.find((room) => room.roomId === roomId);
  const own = useQuery({
    ...getRoomQueryOptions(userId ?? '', roomId),
    enabled: Boolean(userId) && askRoom && (rooms.isSuccess || rooms.isError) && !listed,
  });
  return listed ?? own.data;
}
