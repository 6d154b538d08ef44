import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecuritySummary, SecuritySummaryResponse } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { loggingFailures } from './security-query';

/** Spec point 9: the '24h Violations' tile summarises a 24-hour window. */
const SUMMARY_WINDOW_HOURS = 24;

export async function getSecuritySummary(): Promise<SecuritySummary> {
  const { summary } = await api.get<SecuritySummaryResponse>(
    `/admin/security/summary?hours=${SUMMARY_WINDOW_HOURS}`,
  );
  return summary;
}

export const getSecuritySummaryQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.securitySummary(),
    queryFn: loggingFailures(getSecuritySummary),
  });

export function useSecuritySummary() {
  return useQuery({ ...getSecuritySummaryQueryOptions(), refetchOnMount: 'always' });
}
