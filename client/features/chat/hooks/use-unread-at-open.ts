import { useEffect, useState } from 'react';
import type { ChatMessage } from '../../../../contract/realtime';
import { readMarkOf } from '../../../lib/unread/read-marks';
import type { UnreadAtOpen } from '../utils/first-unread';

const newestId = (messages: readonly ChatMessage[]) =>
  messages.reduce((newest, { id }) => (typeof id === 'number' && id > newest ? id : newest), 0);

/** How long a first history waits for the room list's read position when the tab has none. */
export const READ_POSITION_WAIT_MS = 1500;

/**
 * What was unread when the screen opened, for the 'New messages' line: taken once, when the
 * first history shows and a read position is known (or READ_POSITION_WAIT_MS after it, with
 * none), and kept while the person stays (the screen is mounted per room), so
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
  // The newest message of the first history: what came live after it is read as it comes.
  const [newestAtLoad, setNewestAtLoad] = useState<number | null>(null);
  if (historyLoaded && newestAtLoad === null) setNewestAtLoad(newestId(messages));
  const known = [lastReadId, markAtOpen].filter((id) => id !== undefined);
  // In a fresh tab the history may come before the room list: it waits a moment for the list's
  // read position rather than deciding on none for the whole visit.
  const [waitedOut, setWaitedOut] = useState(false);
  const [taken, setTaken] = useState<{ unread: UnreadAtOpen | null } | null>(null);
  const waiting = historyLoaded && !taken && known.length === 0 && !waitedOut;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaitedOut(true), READ_POSITION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  if (!taken && historyLoaded && newestAtLoad !== null && !waiting) {
    const unread = known.length ? { readUpTo: Math.max(...known), newest: newestAtLoad } : null;
    // Set while rendering: the list's first render with the history already has the line.
    setTaken({ unread });
  }
  return taken?.unread ?? null;
}
