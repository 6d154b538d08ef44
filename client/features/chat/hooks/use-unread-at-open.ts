import { useState } from 'react';
import type { ChatMessage } from '../../../../contract/realtime';
import { readMarkOf } from '../../../lib/unread/read-marks';
import type { UnreadAtOpen } from '../utils/first-unread';

const newestId = (messages: readonly ChatMessage[]) =>
  messages.reduce((newest, { id }) => (typeof id === 'number' && id > newest ? id : newest), 0);

/**
 * What was unread when the screen opened, for the 'New messages' line: taken once, when the
 * first history shows, and kept while the person stays (the screen is mounted per room), so
 * the line does not follow them as they read or send. The read position is the further of the
 * room list's (`lastReadId`, which D1 has about a second after a read) and this tab's own mark
 * as the screen opened (the screen moves it as soon as the history is on screen). Null when
 * neither is known.
 */
export function useUnreadAtOpen(
  roomId: string,
  lastReadId: number | undefined,
  historyLoaded: boolean,
  messages: readonly ChatMessage[],
): UnreadAtOpen | null {
  const [markAtOpen] = useState(() => readMarkOf(roomId));
  const [taken, setTaken] = useState<{ unread: UnreadAtOpen | null } | null>(null);
  if (!taken && historyLoaded) {
    const known = [lastReadId, markAtOpen].filter((id) => id !== undefined);
    const unread = known.length
      ? { readUpTo: Math.max(...known), newest: newestId(messages) }
      : null;
    // Set while rendering: the list's first render with the history already has the line.
    setTaken({ unread });
  }
  return taken?.unread ?? null;
}
