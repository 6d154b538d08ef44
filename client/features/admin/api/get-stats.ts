import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** The counts of users, rooms and messages shown on the dashboard's cards. */
export function getStats(): Promise<AdminStats> {
  return api.get<AdminStats>('/admin/stats');
}

export const getStatsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.stats(), queryFn: getStats });

export function useStats() {
  return useQuery(getStatsQueryOptions());
}
