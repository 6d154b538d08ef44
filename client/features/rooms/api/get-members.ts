import { useInfiniteQuery } from '@tanstack/react-query';
import type { MembersResponse } from '../../../../contract/rooms';
import { ApiError, errorText } from '../../../lib/api-client';
import { roomsKeys } from '../../../lib/query-keys';
import { getRoomListPage, roomListPagesOptions, type RoomListPageInput } from './room-list-pages';

/**
 * Answers only to the room's owner or an administrator; anyone else gets a 403. `q` is matched
 * anywhere in the nickname or the email.
 */
export function getMembers(roomId: string, input: RoomListPageInput = {}) {
  return getRoomListPage<MembersResponse>(roomId, 'members', input);
}

export const getMembersQueryOptions = (roomId: string, q = '') =>
  roomListPagesOptions(roomsKeys.membersSearch(roomId, q), (input) => getMembers(roomId, input), q);

/**
 * The members of a room, for its moderation panel, a page at a time (a big room has more than
 * one) and for a search: loaded while `enabled` (the drawer open), and read again whenever the
 * tab comes back into view, since a kick or a join made in another tab (or by someone else)
 * leaves the list behind. Not a member's 403: that answer stays as it was. While a new search
 * loads, the room's last answer stays on screen.
 */
export function useMembers(roomId: string, enabled: boolean, q = '') {
  return useInfiniteQuery({
    ...getMembersQueryOptions(roomId, q),
    enabled,
    staleTime: 0,
    refetchOnWindowFocus: ({ state }) =>
      !(state.error instanceof ApiError && state.error.status === 403),
  });
}

/**
 * What a failed members call shows (spec point 8, 'Members fetch'): nothing for a 403, which
 * only means the person is neither the owner nor an administrator.
 */
export function membersFailureText(error: unknown): string | null {
  if (error instanceof ApiError) {
    return error.status === 403 ? null : errorText(error, 'Error fetching members');
  }
  // fetch itself rejects only when no answer came back at all.
  return 'No response from server. Please check your connection.';
}
