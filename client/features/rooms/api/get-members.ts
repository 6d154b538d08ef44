import type { MembersResponse } from '../../../../contract/rooms';
import { api } from '../../../lib/api-client';

/** Answers only to the room's owner or an administrator; anyone else gets a 403. */
export function getMembers(roomId: string): Promise<MembersResponse> {
  return api.get<MembersResponse>(`/rooms/${encodeURIComponent(roomId)}/members`);
}
