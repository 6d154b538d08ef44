import { useEffect, type RefObject } from 'react';

/** The sentinel asks for the next page this far before it reaches the bottom of the window. */
const AHEAD_PX = 400;

interface ScrollForward {
  /** The element below the last message that, in view, asks for newer ones. */
  sentinel: RefObject<HTMLElement | null>;
  /** The newest message shown: when it changes, newer ones were put below. */
  lastId: string | number | undefined;
  /** The list shows the past (hasNewer). */
  enabled: boolean;
  loading: boolean;
  loadNewer: () => void;
}

/**
 * Scrolling down through the past after a jump: the sentinel at the end of the list loads the
 * pages after the newest shown until the list reaches the present. A page put below moves
 * nothing the reader sees, so no anchoring is needed (unlike scrolling back, use-scroll-back).
 */
export function useScrollForward({ sentinel, lastId, enabled, loading, loadNewer }: ScrollForward) {
  // Re-observed after each page: the first report says whether the sentinel is still in view.
  useEffect(() => {
    const target = sentinel.current;
    if (!enabled || loading || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadNewer();
      },
      { rootMargin: `0px 0px ${AHEAD_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [enabled, loading, lastId, sentinel, loadNewer]);
}
