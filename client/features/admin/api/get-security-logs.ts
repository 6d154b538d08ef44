import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecurityEvent, SecurityLogResponse } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { loggingFailures } from './security-query';

/** Spec point 9: the Recent Events list asks for the last 100 events. */
const SECURITY_LOGS_LIMIT = 100;

export async function getSecurityLogs(): Promise<SecurityEvent[]> {
  const { events } = await api.get<SecurityLogResponse>(
    `/admin/security/logs?limit=${SECURITY_LOGS_LIMIT}`,
  );
  return events ?? [];
}

export const getSecurityLogsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.securityLogs(), queryFn: loggingFailures(getSecurityLogs) });

/** Loaded each time the tab opens (it mounts then), whatever the cache holds. */
export function useSecurityLogs() {
  return useQuery({ ...getSecurityLogsQueryOptions(), refetchOnMount: 'always' });
}
