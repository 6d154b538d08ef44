import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchResponse } from '../../../../contract/search';
import { api } from '../../../lib/api-client';
import { roomsKeys } from '../../../lib/query-keys';

/** Results stay this long: a search opened again shows them, then asks again. */
const SEARCH_STALE_MS = 30_000;
/**
 * Asking again asks for every page loaded, one after another, and the room allows a burst of 5
 * searches (docs/search.md): past this many pages a reconnect or a reopened panel would meet its
 * own 'You are searching too fast'. Longer results stay as they were found until searched again.
 */
const REFETCH_PAGES_MAX = 2;
const refetchWhenShort = (query: { state: { data?: { pages: unknown[] } } }) =>
  (query.state.data?.pages.length ?? 0) <= REFETCH_PAGES_MAX;

/**
 * A room's search for `q` (null: none yet), page by page: each next page starts before the
 * last result (nextBefore). Not retried: a refusal (too fast, bad words) is shown as it is.
 */
export function useRoomSearch(roomId: string, q: string | null) {
  return useInfiniteQuery({
    queryKey: [...roomsKeys.all, roomId, 'search', q],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ q: q ?? '' });
      if (pageParam !== undefined) params.set('before', String(pageParam));
      return api.get<SearchResponse>(`/rooms/${encodeURIComponent(roomId)}/search?${params}`);
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore,
    enabled: q !== null,
    staleTime: SEARCH_STALE_MS,
    refetchOnMount: refetchWhenShort,
    refetchOnReconnect: refetchWhenShort,
    retry: false,
  });
}
