import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../../../../contract/realtime';
import { noteRead } from '../../../lib/unread/read-marks';
import type { Signal } from '../connection/room-state';
import { nearEnd } from '../utils/near-end';

/** At most one `read` a second; the last position always follows (trailing). */
export const READ_INTERVAL_MS = 1000;
/** Within this of the page's end, the newest message is on screen (above the composer). */
const END_PX = 150;

const newestId = (messages: readonly ChatMessage[]) => {
  for (let i = messages.length - 1; i >= 0; i--) {
    const id = messages[i]!.id;
    if (typeof id === 'number') return id;
  }
  return 0;
};

interface Options {
  roomId: string;
  messages: readonly ChatMessage[];
  /** Joined on the current connection: a `read` sent otherwise would be lost. */
  joined: boolean;
  signal: (value: Signal) => boolean;
}

/**
 * Tells the room how far the person has read: when the newest message is on screen (the tab
 * shown, the list scrolled to its end), `read` `{ messageId }` goes out, at most once a
 * second. Answers the newest id seen here, for the tab's title.
 */
export function useReadMarker({ roomId, messages, joined, signal }: Options): number {
  const [seen, setSeen] = useState(0);
  const seenRef = useRef(0);
  const sent = useRef(0);
  const lastSentAt = useRef(0);
  const trailing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const newest = newestId(messages);
  /** The newest id in the list, for the listeners (which are not renewed per message). */
  const newestRef = useRef(newest);

  const check = useCallback(() => {
    const send = () => {
      trailing.current = null;
      const wanted = seenRef.current;
      if (wanted <= sent.current) return;
      if (!signal({ event: 'read', messageId: wanted })) return; // retried once joined
      sent.current = wanted;
      lastSentAt.current = Date.now();
    };
    const newestNow = newestRef.current;
    if (!newestNow || document.visibilityState !== 'visible' || !nearEnd(END_PX)) return;
    if (newestNow > seenRef.current) {
      seenRef.current = newestNow;
      setSeen(newestNow);
      noteRead(roomId, newestNow);
    }
    if (seenRef.current <= sent.current || trailing.current) return;
    const wait = lastSentAt.current + READ_INTERVAL_MS - Date.now();
    if (wait <= 0) send();
    else trailing.current = setTimeout(send, wait);
  }, [roomId, signal]);

  // A new message, or a join (a `read` dropped before it goes now): look again.
  useEffect(() => {
    newestRef.current = newest;
    check();
  }, [newest, joined, check]);

  // Subscribed once per room, not once per message.
  useEffect(() => {
    window.addEventListener('scroll', check, { passive: true });
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      window.removeEventListener('scroll', check);
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, [check]);

  // The socket is gone by now: a trailing `read` (within a second of the last) is dropped, and
  // the room's position catches up on the next visit; this tab's list uses its mark meanwhile.
  useEffect(
    () => () => {
      if (trailing.current) clearTimeout(trailing.current);
    },
    [],
  );

  return seen;
}
