import type { MessageResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';

export function deleteRoom(roomId: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/admin/rooms/${encodeURIComponent(roomId)}`);
}
