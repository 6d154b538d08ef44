import { useEffect } from 'react';
import { unreadLabel } from './read-marks';

/**
 * Sets the tab's title, led by the unread total when there is one ('(3) Chat Rooms'), and
 * gives the title back as it was when the screen goes. `enabled` false: leaves it alone.
 */
export function useUnreadTitle(title: string, unread: number, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, [enabled]);

  useEffect(() => {
    if (enabled) document.title = unread > 0 ? `(${unreadLabel(unread)}) ${title}` : title;
  }, [title, unread, enabled]);
}
