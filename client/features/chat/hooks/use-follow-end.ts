import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { autoScrolling, jumping, scrollToEnd } from '../utils/auto-scroll';
import { nearEnd } from '../utils/near-end';

interface FollowEnd {
  /** The element at the list's end, below its newest message. */
  end: RefObject<HTMLElement | null>;
  historyLoaded: boolean;
  /** The newest message's id: a new one is followed. */
  lastId: number | string | undefined;
  /** The newest message is the reader's own: it is followed even for a reader scrolled back. */
  lastIsMine: boolean;
  /** Texts still being sent, shown at the end: a new one is followed. */
  pendingCount: number;
  /** The list shows a page of the past (a jump's), which is not the end. */
  hasNewer: boolean;
}

/**
 * The first history lands at the end at once; a new message (or one being sent) scrolls there
 * (smoothly unless the reader asks for less motion), unless the reader has scrolled back to
 * read older ones. Answers a way to stop following until the reader comes back to the end (a
 * jump to a message elsewhere).
 */
export function useFollowEnd({
  end,
  historyLoaded,
  lastId,
  lastIsMine,
  pendingCount,
  hasNewer,
}: FollowEnd) {
  /** Whether the reader was at the end before the last render (then new messages follow). */
  const following = useRef(true);

  useEffect(() => {
    const onScroll = () => {
      // Its own smooth scroll passes far from the end on the way there: still following (an
      // instant one is at the end at once). A jump's starts there (a link opens the room at its
      // end): not following.
      following.current = !jumping() && (nearEnd() || autoScrolling());
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const firstShown = useRef(false);
  useEffect(() => {
    if (!historyLoaded) return;
    if (!firstShown.current) {
      firstShown.current = true;
      end.current?.scrollIntoView({ behavior: 'instant', block: 'end' });
      following.current = true;
      return;
    }
    // A page of the past (a jump's) is not the end: nothing is followed there.
    if (hasNewer) return;
    if ((following.current || lastIsMine) && end.current) scrollToEnd(end.current);
  }, [end, historyLoaded, lastId, lastIsMine, pendingCount, hasNewer]);

  return useCallback(() => {
    following.current = false;
  }, []);
}
