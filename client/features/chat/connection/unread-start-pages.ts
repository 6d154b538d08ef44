import { HISTORY_OLDER_MAX } from '../../../../contract/realtime';
import type { RoomConnection } from './room-state';
import { unreadStartListed, type UnreadAtOpen } from '../utils/first-unread';

/**
 * How far back a jump to the first unread loads before it lands: as many pages as a person may
 * ask the room for at once (LOAD_HISTORY_BURST, worker/chat/messages/load-history.ts, so none
 * is refused for speed), of the most a page holds: 500 messages, ten of the scroll back's
 * pages. Unread that began further back lands at the top of what is loaded by then, where the
 * line is; scrolling on loads more, the line goes up with it and the jump is offered again.
 */
export const JUMP_PAGES = 5;
const JUMP_PAGE = HISTORY_OLDER_MAX;

/**
 * Loads older pages, one after the other, until the list reaches where the unread began
 * (unreadStartListed), JUMP_PAGES were asked for, or no page can be asked (not joined just
 * now, or the list shows a page of the past instead). A page already on its way (the scroll
 * back's) is waited for first. Resolves when the last page is in the room's state.
 */
export async function loadUnreadStart(room: RoomConnection, unread: UnreadAtOpen | null) {
  for (let asked = 0; asked < JUMP_PAGES; asked += 1) {
    // The first page is asked at once, in the click's task, unless another is on its way.
    if (room.getSnapshot().loadingOlder) await pageSettled(room);
    const { messages, hasOlder, hasNewer } = room.getSnapshot();
    if (hasNewer || unreadStartListed(messages, unread, hasOlder)) return;
    room.loadOlder(JUMP_PAGE);
    if (!room.getSnapshot().loadingOlder) return;
  }
  await pageSettled(room);
}

/** Once no older page is on its way (a failed one counts once it may be asked again). */
function pageSettled(room: RoomConnection): Promise<void> {
  return new Promise((resolve) => {
    if (!room.getSnapshot().loadingOlder) return resolve();
    const stop = room.subscribe(() => {
      if (room.getSnapshot().loadingOlder) return;
      stop();
      resolve();
    });
  });
}
