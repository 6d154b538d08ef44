import type { MessageResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';

/** The server refuses (403) to delete administrators, whatever the screen shows. */
export function deleteUser(userId: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/admin/users/${encodeURIComponent(userId)}`);
}
