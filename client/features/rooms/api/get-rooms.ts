import type { RoomSummary } from '../../../../contract/rooms';
import { api } from '../../../lib/api-client';

/** The signed-in user's rooms, each with the excerpt of its last message if it has one. */
export function getRooms(): Promise<RoomSummary[]> {
  return api.get<RoomSummary[]>('/rooms');
}
