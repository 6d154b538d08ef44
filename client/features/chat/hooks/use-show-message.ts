import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { ChatMessage } from '../../../../contract/realtime';
import { showErrorToast } from '../utils/show-system-notice';

/** How long a message taken to stays marked. */
export const HIGHLIGHT_MS = 2000;
export const NOT_IN_ROOM = 'That message is no longer in the room.';

interface ShowMessage {
  /** The list's element, whose items carry data-message-id. */
  list: RefObject<HTMLElement | null>;
  messages: readonly ChatMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}

/**
 * Taking the reader to a message (a reply's quote leads to its original): older pages are
 * loaded, one after the other, until it is listed or there is nothing older; then it is
 * scrolled to the middle of the window, focused, and marked for HIGHLIGHT_MS.
 */
export function useShowMessage({ list, messages, hasOlder, loadingOlder, loadOlder }: ShowMessage) {
  const [target, setTarget] = useState<number | null>(null);
  const listed = target !== null && messages.some((message) => message.id === target);

  useEffect(() => {
    if (target === null || !listed) return;
    const item = list.current?.querySelector<HTMLElement>(`[data-message-id="${target}"]`);
    if (item) {
      item.scrollIntoView({ behavior: 'smooth', block: 'center' });
      // Focused too, so a keyboard or a screen reader goes on from there.
      if (!item.hasAttribute('tabindex')) item.tabIndex = -1;
      item.focus({ preventScroll: true });
    }
    const timer = setTimeout(() => setTarget(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [target, listed, list]);

  useEffect(() => {
    if (target === null || listed) return;
    if (hasOlder) {
      // Each page that comes (or a failed one's retry) runs this again.
      if (!loadingOlder) loadOlder();
      return;
    }
    // Nothing older: trimmed from the room's history long ago.
    const timer = setTimeout(() => {
      setTarget(null);
      showErrorToast(NOT_IN_ROOM);
    });
    return () => clearTimeout(timer);
  }, [target, listed, hasOlder, loadingOlder, loadOlder]);

  const show = useCallback((messageId: number) => setTarget(messageId), []);
  return { show, highlighted: listed ? target : null };
}
