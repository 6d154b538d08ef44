import { useInfiniteQuery } from '@tanstack/react-query';
import type { BansResponse } from '../../../../contract/rooms';
import { roomsKeys } from '../../../lib/query-keys';
import { getRoomListPage, roomListPagesOptions, type RoomListPageInput } from './room-list-pages';

/**
 * The people kicked from a room and not yet let back in, newest first, a page at a time; the
 * owner's and admins' only. `q` is matched against how the nickname starts.
 */
export function getBans(roomId: string, input: RoomListPageInput = {}) {
  return getRoomListPage<BansResponse>(roomId, 'bans', input);
}

export const getBansQueryOptions = (roomId: string, q = '') =>
  roomListPagesOptions(roomsKeys.bansSearch(roomId, q), (input) => getBans(roomId, input), q);

/** A kick or an unban invalidates every search's pages (roomsKeys.bans is their prefix). */
export function useBans(roomId: string, q = '') {
  return useInfiniteQuery(getBansQueryOptions(roomId, q));
}
