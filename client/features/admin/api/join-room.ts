import { api } from '../../../lib/api-client';

export interface AdminJoinResponse {
  success: boolean;
  /** The moderator nickname the server chose, e.g. 'Mod 🐸 ada'. */
  activeNickname: string;
  roomId: string;
}

/** Joins any room as moderator; the server picks the nickname. */
export function joinRoom(roomId: string): Promise<AdminJoinResponse> {
  return api.post<AdminJoinResponse>(`/admin/join/${encodeURIComponent(roomId)}`);
}
