import { queryOptions } from '@tanstack/react-query';
import type { RoomNotificationLevelResponse } from '../../../../contract/notifications';
import { api } from '../../../lib/api-client';
import { roomsKeys } from '../../../lib/query-keys';

/**
 * The caller's level in `roomId` from the room itself: for a room the room list does not hold
 * (it stops at the 200 most recently active), which would otherwise notify as if unknown.
 */
export function getNotificationLevel(roomId: string): Promise<RoomNotificationLevelResponse> {
  return api.get<RoomNotificationLevelResponse>(
    `/rooms/${encodeURIComponent(roomId)}/notifications`,
  );
}

export const getNotificationLevelQueryOptions = (userId: string, roomId: string) =>
  queryOptions({
    queryKey: roomsKeys.notificationLevel(roomId, userId),
    queryFn: () => getNotificationLevel(roomId),
  });
