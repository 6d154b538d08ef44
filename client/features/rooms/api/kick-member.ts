import { api } from '../../../lib/api-client';

export interface KickResponse {
  success: boolean;
  message?: string;
}

export function kickMember(roomId: string, targetUserId: string): Promise<KickResponse> {
  return api.post<KickResponse>(`/rooms/${encodeURIComponent(roomId)}/kick`, { targetUserId });
}
