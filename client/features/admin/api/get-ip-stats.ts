import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IpStats } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { loggingFailures } from './security-query';

/** Blocked and watched addresses, and the most recent offenders. */
export function getIpStats(): Promise<IpStats> {
  return api.get<IpStats>('/admin/security/ip-stats');
}

export const getIpStatsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.ipStats(), queryFn: loggingFailures(getIpStats) });

export function useIpStats() {
  return useQuery({ ...getIpStatsQueryOptions(), refetchOnMount: 'always' });
}
