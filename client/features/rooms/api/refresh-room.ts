import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RoomChange } from '../../../../contract/realtime';
import { roomsKeys } from '../../../lib/query-keys';

/**
 * What is read again once a room changed hands, whoever handed it and wherever. The members
 * are reset, not just invalidated, so that the old owner's drawer, whose next read is a 403,
 * keeps no owner's list under its title ('Your Rooms' reads the first page). The room list and
 * the room's own entry say who owns it too (the leave button, its hint and Room settings
 * follow them).
 */
export function refreshOwner(queryClient: QueryClient, roomId: string) {
  void queryClient.resetQueries({ queryKey: roomsKeys.members(roomId) });
  refreshName(queryClient, roomId);
}

/** What is read again once a room was renamed: the room lists and the room's own entry. */
export function refreshName(queryClient: QueryClient, roomId: string) {
  void queryClient.invalidateQueries({ queryKey: roomsKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: [...roomsKeys.all, roomId, 'summary'] });
}

/**
 * The chat's answer to its room's `roomChanged`: a hand-over or a rename made by someone
 * else, or in another tab, shows here within one read rather than at the list's next poll.
 */
export function useRoomChangedRefresh(roomId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (what: RoomChange) =>
      what === 'owner' ? refreshOwner(queryClient, roomId) : refreshName(queryClient, roomId),
    [queryClient, roomId],
  );
}
