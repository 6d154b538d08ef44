import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface RoomListPageInput {
  /** The server's search ('' or absent for everyone). */
  q?: string;
  /** The `nextAfter` of the page before. */
  after?: string;
}

/** One page of a room's paged lists (the owner's members, the Removed list). */
export function getRoomListPage<T>(
  roomId: string,
  list: 'members' | 'bans',
  input: RoomListPageInput,
) {
  const params = new URLSearchParams();
  if (input.q) params.set('q', input.q);
  if (input.after) params.set('after', input.after);
  const query = params.size > 0 ? `?${params}` : '';
  return api.get<T>(`/rooms/${encodeURIComponent(roomId)}/${list}${query}`);
}

/**
 * A room's paged list for a search, a page at a time after `nextAfter`. `queryKey` starts
 * ['rooms', roomId]: while a new search loads, the same room's last answer stays on screen,
 * never another room's (it would show that room's people).
 */
export function roomListPagesOptions<T extends { nextAfter?: string }>(
  queryKey: QueryKey,
  fetchPage: (input: RoomListPageInput) => Promise<T>,
  q: string,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage({ q, after: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: T) => last.nextAfter,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === queryKey[1] ? previous : undefined,
  });
}
