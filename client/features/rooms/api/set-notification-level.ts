import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type {
  NotificationLevel,
  NotificationLevelResponse,
} from '../../../../contract/notifications';
import type { RoomSummary } from '../../../../contract/rooms';
import { api, errorText } from '../../../lib/api-client';
import { roomsKeys } from '../../../lib/query-keys';

export interface NotificationLevelInput {
  roomId: string;
  level: NotificationLevel;
}

/** What notifies the caller about `roomId` from now on, here and through push. */
export function setNotificationLevel({
  roomId,
  level,
}: NotificationLevelInput): Promise<NotificationLevelResponse> {
  return api.put<NotificationLevelResponse>(`/rooms/${encodeURIComponent(roomId)}/notifications`, {
    level,
  });
}

const withLevel = (rooms: RoomSummary[] | undefined, { roomId, level }: NotificationLevelInput) =>
  rooms?.map((room) =>
    room.roomId === roomId
      ? { ...room, notificationLevel: level, notificationLevelChosen: true }
      : room,
  );

/**
 * Changes a room's level in the person's room list at once (the bell's check and the list's
 * Muted mark follow), puts it back and says so if the server refuses, and reads the list again
 * either way.
 */
export function useSetNotificationLevel(userId: string | undefined) {
  const queryClient = useQueryClient();
  const listKey = roomsKeys.list(userId ?? '');
  return useMutation({
    mutationFn: setNotificationLevel,
    onMutate: async (input) => {
      // A poll on its way would bring the old level back over the new one.
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData<RoomSummary[]>(listKey);
      queryClient.setQueryData<RoomSummary[]>(listKey, (rooms) => withLevel(rooms, input));
      return { before };
    },
    onError: (error, _input, context) => {
      if (context?.before) queryClient.setQueryData(listKey, context.before);
      notifications.show({
        color: 'red',
        message: errorText(error, 'Could not change the notifications of this room'),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
