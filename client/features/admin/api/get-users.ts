import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUsersPage } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';
import { adminKeys, listQuery } from './admin-keys';

export interface ListPageInput {
  /** Matched by the server anywhere in the email or nickname; empty for everyone. */
  q?: string;
  cursor?: string | null;
}

/** One page of accounts, newest first. */
export function getUsers({ q, cursor }: ListPageInput = {}): Promise<AdminUsersPage> {
  return api.get<AdminUsersPage>(`/admin/users${listQuery({ q, cursor: cursor ?? undefined })}`);
}

export const getUsersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.usersSearch(q),
    queryFn: ({ pageParam }) => getUsers({ q, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/**
 * Manage Users: pages of accounts for a search, with Load more. While a new search loads, the
 * last answer stays on screen rather than a blank table.
 */
export function useUsers(q: string) {
  return useInfiniteQuery({ ...getUsersQueryOptions(q), placeholderData: keepPreviousData });
}
