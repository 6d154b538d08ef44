import { useEffect, useRef, type RefObject } from 'react';

/**
 * When `shown` turns false and the focus went with what it showed (the browser puts it on the
 * page's start), it goes to `target` instead, so a keyboard or screen reader user stays where
 * they were working. A focus that was elsewhere is left where it is.
 */
export function useFocusWhenGone(shown: boolean, target: RefObject<HTMLElement | null>) {
  const wasShown = useRef(shown);
  useEffect(() => {
    const gone = wasShown.current && !shown;
    wasShown.current = shown;
    if (!gone) return;
    const active = document.activeElement;
    if (!active || active === document.body) target.current?.focus();
  }, [shown, target]);
}
