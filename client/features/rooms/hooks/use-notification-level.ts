import { useQuery } from '@tanstack/react-query';
import type { NotificationLevel } from '../../../../contract/notifications';
import { useSession } from '../../../lib/session/use-session';
import { getRoomsQueryOptions } from '../api/get-rooms';
import { useSetNotificationLevel } from '../api/set-notification-level';

export interface RoomNotificationLevel {
  /** The level in force, from the room list (undefined until it has said). */
  level: NotificationLevel | undefined;
  /** The person chose it; false while the room's size decides. */
  chosen: boolean;
  choose: (level: NotificationLevel) => void;
}

/** The signed-in person's notification level in `roomId`, and the way to change it. */
export function useRoomNotificationLevel(roomId: string): RoomNotificationLevel {
  const { user } = useSession();
  const rooms = useQuery({ ...getRoomsQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
  const mutation = useSetNotificationLevel(user?.id);
  const room = rooms.data?.find((entry) => entry.roomId === roomId);
  // A room the list does not hold (not loaded yet) still shows the choice just made.
  const justChosen = mutation.isError ? undefined : mutation.variables?.level;
  return {
    level: room?.notificationLevel ?? justChosen,
    chosen: room?.notificationLevelChosen ?? justChosen !== undefined,
    choose: (level) => mutation.mutate({ roomId, level }),
  };
}
