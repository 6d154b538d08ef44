import type { AdminUser } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';

/** Every account, for the Manage Users table. */
export function getUsers(): Promise<AdminUser[]> {
  return api.get<AdminUser[]>('/admin/users');
}
