import type { IpStats } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';

/** Blocked and watched addresses, and the most recent offenders. */
export function getIpStats(): Promise<IpStats> {
  return api.get<IpStats>('/admin/security/ip-stats');
}
