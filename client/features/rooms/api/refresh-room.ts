import { useCallback, useEffect, useRef } from 'react';
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
 * The longest a chat waits before acting on `roomChanged`. Every open chat of the room hears
 * it at the same instant: acting at once, a big room's chats would all read the room list
 * together, each time the room changes hands or name.
 */
export const ROOM_CHANGED_SPREAD_MS = 2_000;

/**
 * The chat's answer to its room's `roomChanged`: a hand-over or a rename made by someone
 * else, or in another tab, shows here within a couple of seconds rather than at the list's
 * next poll. Each chat waits a random part of ROOM_CHANGED_SPREAD_MS, and the changes heard
 * meanwhile wait with it for the same single read ('owner' reads what 'name' does, and more).
 * A person's own hand-over or rename reads at once, from its mutation (make-owner.ts,
 * rename-room.ts).
 */
export function useRoomChangedRefresh(roomId: string) {
  const queryClient = useQueryClient();
  const pending = useRef<{ what: RoomChange; timer: ReturnType<typeof setTimeout> } | null>(null);
  // A chat that closes (or turns to another room) reads nothing more for this one.
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = null;
    },
    [roomId],
  );
  return useCallback(
    (what: RoomChange) => {
      if (pending.current) {
        if (what === 'owner') pending.current.what = 'owner';
        return;
      }
      const waiting = {
        what,
        timer: setTimeout(() => {
          pending.current = null;
          if (waiting.what === 'owner') refreshOwner(queryClient, roomId);
          else refreshName(queryClient, roomId);
        }, Math.random() * ROOM_CHANGED_SPREAD_MS),
      };
      pending.current = waiting;
    },
    [queryClient, roomId],
  );
}
