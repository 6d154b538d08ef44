import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminRoomsPage } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';
import { adminKeys, listQuery } from './admin-keys';
import type { ListPageInput } from './get-users';

/** One page of rooms, newest first, each with its creator (null when the account is gone). */
export function getRooms({ q, cursor }: ListPageInput = {}): Promise<AdminRoomsPage> {
  return api.get<AdminRoomsPage>(`/admin/rooms${listQuery({ q, cursor: cursor ?? undefined })}`);
}

export const getRoomsQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.roomsSearch(q),
    queryFn: ({ pageParam }) => getRooms({ q, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Manage Rooms (and the broadcast form's targets): pages of rooms for a search (name or id). */
export function useRooms(q: string) {
  return useInfiniteQuery({ ...getRoomsQueryOptions(q), placeholderData: keepPreviousData });
}
