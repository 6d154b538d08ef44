import { useEffect, type RefObject } from 'react';
import { autoScrolling, jumping } from '../utils/auto-scroll';
import { FOLLOW_PX, nearEnd } from '../utils/near-end';

/**
 * The message bar's height, on the page's root element: the list keeps that much space under
 * its newest message when it scrolls to its end (message-list.tsx), so a bar grown past its one
 * line (a long draft, a reply's banner, the phone's stacked buttons) never hides it.
 */
export const BAR_HEIGHT_VARIABLE = '--message-bar-height';

/**
 * The message bar grows upward (a second line, an edit's text, a reply's banner, a status
 * line) and the page grows under it, so a reader who was at the end found the newest message
 * gone under the bar. A reader near the end is taken down by as much as the bar grew; one
 * scrolled back stays where they are. The list's own smooth scrolls (to the end, to a message
 * jumped to) are left alone.
 * The bar's height is kept in BAR_HEIGHT_VARIABLE.
 */
export function useEndStaysInView(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = bar.current;
    // jsdom has none: there the bar just does not follow.
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    let height: number | null = null;
    const observer = new ResizeObserver(([entry]) => {
      const now = entry?.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height;
      const grown = height === null ? 0 : now - height;
      height = now;
      root.setProperty(BAR_HEIGHT_VARIABLE, `${now}px`);
      // The page is already longer by `grown`: near the end before is within that much more now.
      if (grown <= 0 || autoScrolling() || jumping() || !nearEnd(FOLLOW_PX + grown)) return;
      window.scrollBy({ top: grown, behavior: 'instant' });
    });
    observer.observe(element, { box: 'border-box' });
    return () => {
      observer.disconnect();
      root.removeProperty(BAR_HEIGHT_VARIABLE);
    };
  }, [bar]);
}
