import { useQuery } from '@tanstack/react-query';
import type { NotificationLevel } from '../../../../contract/notifications';
import { useSession } from '../../../lib/session/use-session';
import { getNotificationLevelQueryOptions } from '../api/get-notification-level';
import { getRoomsQueryOptions } from '../api/get-rooms';
import { useSetNotificationLevel } from '../api/set-notification-level';

export interface RoomNotificationLevel {
  /**
   * The level in force, from the room list, or from the room's own GET for a room beyond the
   * list's 200 (undefined until one has said).
   */
  level: NotificationLevel | undefined;
  /** The person chose it; false while the room's size decides. */
  chosen: boolean;
  choose: (level: NotificationLevel) => void;
}

/**
 * The signed-in person's notification level in `roomId`, and the way to change it. A room
 * beyond the list asks its own only once `askRoom` allows (as useRoomSummary's).
 */
export function useRoomNotificationLevel(roomId: string, askRoom = true): RoomNotificationLevel {
  const { user } = useSession();
  const rooms = useQuery({ ...getRoomsQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
  const mutation = useSetNotificationLevel(user?.id);
  const room = rooms.data?.find((entry) => entry.roomId === roomId);
  // The list stops at the 200 most recently active rooms: a quiet room beyond them (possibly
  // muted) asks its own level, once the list has answered without it.
  const own = useQuery({
    ...getNotificationLevelQueryOptions(user?.id ?? '', roomId),
    enabled: Boolean(user) && askRoom && (rooms.isSuccess || rooms.isError) && !room,
  });
  const known = room
    ? { level: room.notificationLevel, chosen: room.notificationLevelChosen }
    : own.data;
  // A room known neither way (not loaded yet) still shows the choice just made.
  const justChosen = mutation.isError ? undefined : mutation.variables?.level;
  return {
    level: known?.level ?? justChosen,
    chosen: known?.chosen ?? justChosen !== undefined,
    choose: (level) => mutation.mutate({ roomId, level }),
  };
}
