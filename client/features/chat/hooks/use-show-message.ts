import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { ChatMessage } from '../../../../contract/realtime';
import type { JumpResult } from '../connection/room-state';
import { scrollToMessage } from '../utils/auto-scroll';
import { focusMessage } from '../utils/focus-message';
import { showErrorToast } from '../utils/show-system-notice';

/** How long a message taken to stays marked (the mark fades over it). */
export const HIGHLIGHT_MS = 2000;
export const NOT_IN_ROOM = 'That message is no longer in the room.';
export const NOT_LOADED = 'That message could not be loaded. Please try again.';

interface ShowMessage {
  /** The list's element, whose items carry data-message-id. */
  list: RefObject<HTMLElement | null>;
  messages: readonly ChatMessage[];
  /** Lists the page around a message that is not listed (`loadHistory { around }`). */
  loadAround: (messageId: number) => Promise<JumpResult>;
}

/**
 * Taking the reader to a message (a reply's quote leads to its original, a search result to
 * its message): one not listed is loaded with the page around it, in place of the list; then
 * it is scrolled to the middle of the window, focused, and marked for HIGHLIGHT_MS. Asking
 * again for the same message marks it again.
 */
export function useShowMessage({ list, messages, loadAround }: ShowMessage) {
  const [target, setTarget] = useState<{ id: number; asked: number } | null>(null);
  const id = target?.id ?? null;
  const listed = id !== null && messages.some((message) => message.id === id);

  useEffect(() => {
    if (id === null || !listed) return;
    const item = list.current?.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
    if (item) {
      scrollToMessage(item);
      focusMessage(item);
    }
    const timer = setTimeout(() => setTarget(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [id, target?.asked, listed, list]);

  useEffect(() => {
    if (id === null || listed) return;
    let current = true;
    void loadAround(id).then((result) => {
      if (!current || result === 'shown') return;
      setTarget(null);
      // Trimmed from the room's history long ago, or deleted with its room's page.
      showErrorToast(result === 'missing' ? NOT_IN_ROOM : NOT_LOADED);
    });
    return () => {
      current = false;
    };
  }, [id, listed, loadAround]);

  const show = useCallback(
    (messageId: number) => setTarget((was) => ({ id: messageId, asked: (was?.asked ?? 0) + 1 })),
    [],
  );
  return { show, highlighted: listed ? id : null };
}
