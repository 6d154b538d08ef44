import { useSession } from '../../../lib/session/use-session';
import { unreadTotal } from '../../../lib/unread/read-marks';
import { useRooms } from '../api/get-rooms';

/**
 * The unread messages of all the person's rooms but `exceptRoomId` (the one on screen, which
 * the chat counts itself), kept current by the room list's polling: for the tab's title.
 */
export function useUnreadTotal(exceptRoomId?: string): number {
  const { user } = useSession();
  const { query } = useRooms(user && user.role !== 'admin' ? user.id : undefined);
  return unreadTotal(query.data, exceptRoomId);
}
