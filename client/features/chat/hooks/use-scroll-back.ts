import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** The sentinel asks for the next page this far before it reaches the top of the window. */
const AHEAD_PX = 400;

interface ScrollBack {
  /** The list's element, whose items carry data-message-id. */
  list: RefObject<HTMLElement | null>;
  /** The element above the first message that, in view, asks for older ones. */
  sentinel: RefObject<HTMLElement | null>;
  /** The oldest message shown: when it changes, older ones were put above. */
  firstId: string | number | undefined;
  enabled: boolean;
  loading: boolean;
  loadOlder: () => void;
}

/**
 * Scrolling back (the window scrolls): the sentinel at the top of the list loads older pages,
 * and when they are put above, the window moves by as much as they pushed the first message
 * that was in view, so the reader keeps their place (the browser's own scroll anchoring stays
 * off on the list, so the two never add up).
 */
export function useScrollBack({
  list,
  sentinel,
  firstId,
  enabled,
  loading,
  loadOlder,
}: ScrollBack) {
  const anchor = useRef<{ id: string; top: number } | null>(null);

  // While a page is on its way: note the first message in view (again after each scroll).
  useEffect(() => {
    if (!loading) return;
    const note = () => {
      const items = list.current?.querySelectorAll<HTMLElement>('[data-message-id]') ?? [];
      for (const item of items) {
        const { top, bottom } = item.getBoundingClientRect();
        if (bottom > 0) {
          anchor.current = { id: item.dataset.messageId!, top };
          return;
        }
      }
    };
    note();
    window.addEventListener('scroll', note, { passive: true });
    return () => window.removeEventListener('scroll', note);
  }, [loading, list]);

  // After they went in, before the browser paints: put that message back where it was.
  useLayoutEffect(() => {
    const noted = anchor.current;
    if (!noted || !list.current) return;
    const item = list.current.querySelector<HTMLElement>(
      `[data-message-id="${CSS.escape(noted.id)}"]`,
    );
    anchor.current = null;
    if (!item) return;
    const moved = item.getBoundingClientRect().top - noted.top;
    if (moved !== 0) window.scrollBy({ top: moved, behavior: 'instant' });
  }, [firstId, list]);

  // Re-observed after each page: the first report says whether the sentinel is still in view.
  useEffect(() => {
    const target = sentinel.current;
    if (!enabled || loading || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadOlder();
      },
      { rootMargin: `${AHEAD_PX}px 0px 0px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [enabled, loading, firstId, sentinel, loadOlder]);
}
