import type { AdminRoom } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';

/** Every room with its creator (null when the account is gone), for Manage Rooms. */
export function getRooms(): Promise<AdminRoom[]> {
  return api.get<AdminRoom[]>('/admin/rooms');
}
