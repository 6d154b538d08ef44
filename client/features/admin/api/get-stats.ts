import type { AdminStats } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';

/** The counts of users, rooms and messages shown on the dashboard's cards. */
export function getStats(): Promise<AdminStats> {
  return api.get<AdminStats>('/admin/stats');
}
