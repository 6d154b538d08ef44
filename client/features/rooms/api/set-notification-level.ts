import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type {
  NotificationLevel,
  NotificationLevelResponse,
  RoomNotificationLevelResponse,
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
 * Muted mark follow), and in the room's own answer for a room beyond the list; puts both back
 * and says so if the server refuses, and reads them again either way.
 */
export function useSetNotificationLevel(userId: string | undefined) {
  const queryClient = useQueryClient();
  const listKey = roomsKeys.list(userId ?? '');
  const ownKey = (roomId: string) => roomsKeys.notificationLevel(roomId, userId ?? '');
  return useMutation({
    mutationFn: setNotificationLevel,
    onMutate: async (input) => {
      // A poll on its way would bring the old level back over the new one.
      await queryClient.cancelQueries({ queryKey: listKey });
      await queryClient.cancelQueries({ queryKey: ownKey(input.roomId) });
      const before = queryClient.getQueryData<RoomSummary[]>(listKey);
      const ownBefore = queryClient.getQueryData<RoomNotificationLevelResponse>(
        ownKey(input.roomId),
      );
      queryClient.setQueryData<RoomSummary[]>(listKey, (rooms) => withLevel(rooms, input));
      if (ownBefore) {
        queryClient.setQueryData<RoomNotificationLevelResponse>(ownKey(input.roomId), {
          level: input.level,
          chosen: true,
        });
      }
      return { before, ownBefore };
    },
    onError: (error, input, context) => {
      if (context?.before) queryClient.setQueryData(listKey, context.before);
      if (context?.ownBefore) queryClient.setQueryData(ownKey(input.roomId), context.ownBefore);
      notifications.show({
        color: 'red',
        message: errorText(error, 'Could not change the notifications of this room'),
      });
    },
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey }),
        queryClient.invalidateQueries({ queryKey: ownKey(input.roomId) }),
      ]),
  });
}
