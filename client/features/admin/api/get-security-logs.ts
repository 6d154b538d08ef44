import type { SecurityEvent } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';

/** Spec point 9: the Recent Events list asks for the last 100 events. */
const SECURITY_LOGS_LIMIT = 100;

export async function getSecurityLogs(): Promise<SecurityEvent[]> {
  const { events } = await api.get<{ events: SecurityEvent[] }>(
    `/admin/security/logs?limit=${SECURITY_LOGS_LIMIT}`,
  );
  return events;
}
