import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoomSummary, RoomsResponse } from '../../../../contract/rooms';
import { api } from '../../../lib/api-client';
import { roomsKeys } from '../../../lib/query-keys';
import { withReadMarks } from '../../../lib/unread/read-marks';

/**
 * How often the list asks again while it is on screen, so unread badges (and the tab's total)
 * follow new messages: the counts are two columns, so each ask is one cheap indexed read.
 * A hidden tab asks less often; its title still shows the total.
 */
const POLL_VISIBLE_MS = 5_000;
const POLL_HIDDEN_MS = 30_000;
const pollInterval = () =>
  document.visibilityState === 'hidden' ? POLL_HIDDEN_MS : POLL_VISIBLE_MS;

/** The signed-in user's rooms, each with the excerpt of its last message if it has one. */
export async function getRooms(): Promise<RoomSummary[]> {
  const rooms = await api.get<RoomsResponse>('/rooms');
  return Array.isArray(rooms) ? rooms : [];
}

export const getRoomsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: roomsKeys.list(userId), queryFn: getRooms });

/**
 * The room list of spec point 2: loaded when the user loads (the key is theirs) and on every
 * mount, so that a back navigation that brings the list back refreshes it, and again when the
 * browser restores the page from its back-forward cache. `refresh` reads the list again and
 * `reloading` says so meanwhile, as the Refresh button promises; the rooms already read stay
 * (TanStack keeps a failed refetch's previous data), so a failed refresh costs no rooms.
 */
export function useRooms(userId: string | undefined) {
  const options = getRoomsQueryOptions(userId ?? '');
  const query = useQuery({
    ...options,
    enabled: Boolean(userId),
    refetchOnMount: 'always',
    refetchInterval: pollInterval,
    refetchIntervalInBackground: true,
    // What this tab has just read counts, even before the room's flush reaches D1. A new
    // function each render: the marks change outside the query, so the result is not cached.
    select: (rooms: RoomSummary[]) => withReadMarks(rooms),
  });
  const { refetch } = query;

  useEffect(() => {
    if (!userId) return;
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void refetch();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [userId, refetch]);

  // Only a refresh asked for counts: the 5 s polls read it quietly, the rooms still shown.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await refetch();
    } finally {
      setRefreshing(false);
    }
  };
  return { query, refresh, reloading: query.isPending || refreshing };
}
