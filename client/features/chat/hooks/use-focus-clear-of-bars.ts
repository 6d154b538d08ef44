import { useEffect } from 'react';

/** Between a focused control and the bar that would cover it. */
const GAP_PX = 8;

/**
 * The chat's header sticks to the window's top and its message bar to its bottom, over the
 * page: a message's controls reached with Tab or Shift+Tab landed under either (the browser
 * only scrolls what is outside the window), so the focus could not be seen (WCAG 2.4.11). A
 * control in the page that takes the focus under one of them is brought clear of it, at once.
 * The bars' own controls and dialogs (portals over everything) are left alone.
 */
export function useFocusClearOfBars() {
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      // The keyboard's focus only, on a control Tab reaches: a click in a long message focuses
      // it too, and must not move the page under the pointer; a message a jump focuses
      // (tabIndex -1) is placed by the jump's own scroll, which this would cut short.
      if (!(target instanceof HTMLElement) || target.tabIndex < 0) return;
      if (!target.matches(':focus-visible')) return;
      const header = document.querySelector('[data-chat-header]');
      const bar = document.querySelector('[data-message-bar]');
      if (header?.contains(target) || bar?.contains(target)) return;
      if (target.closest('[role="dialog"], [data-portal]')) return;
      const box = target.getBoundingClientRect();
      const top = (header?.getBoundingClientRect().bottom ?? 0) + GAP_PX;
      const bottom = (bar?.getBoundingClientRect().top ?? window.innerHeight) - GAP_PX;
      // Too tall for the space between them: its top shows, where a reader starts.
      const fits = box.height <= bottom - top;
      if (box.top < top || (!fits && box.top > bottom)) {
        window.scrollBy({ top: box.top - top, behavior: 'instant' });
      } else if (fits && box.bottom > bottom) {
        window.scrollBy({ top: box.bottom - bottom, behavior: 'instant' });
      }
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
}
