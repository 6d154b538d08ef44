import { scrollMotion } from './scroll-motion';

/**
 * The list's own scrolls to the end. A smooth one takes a moment, during which the page can be
 * far from the end (a long message came), and that is not the reader scrolling away: neither
 * the list's following of new messages nor the new-messages button may take it so. It ends
 * with the browser's scrollend, or after SMOOTH_SCROLL_MS where there is none. An instant one
 * (for a reader who asks for less motion) is at the end before it returns: nothing to wait for.
 */
const SMOOTH_SCROLL_MS = 1500;
let until = 0;

export function scrollToEnd(end: Element) {
  const behavior = scrollMotion();
  until = behavior === 'smooth' ? Date.now() + SMOOTH_SCROLL_MS : 0;
  if (behavior === 'smooth') {
    window.addEventListener(
      'scrollend',
      () => {
        until = 0;
      },
      { once: true },
    );
  }
  end.scrollIntoView({ behavior, block: 'end' });
}

export const autoScrolling = () => Date.now() < until;

/**
 * A jump's scroll to a message (a link's, a search result's, a quote's original), timed the
 * same way. An instant scroll meanwhile would stop a smooth one where it is: a room opened at
 * a message's link starts at the end, and its message bar grows just then ('Jump to first
 * unread'), which must not keep the reader there (use-end-stays-in-view.ts waits).
 */
let jumpUntil = 0;

export function scrollToMessage(item: Element) {
  const behavior = scrollMotion();
  jumpUntil = behavior === 'smooth' ? Date.now() + SMOOTH_SCROLL_MS : 0;
  if (behavior === 'smooth') {
    window.addEventListener(
      'scrollend',
      () => {
        jumpUntil = 0;
      },
      { once: true },
    );
  }
  item.scrollIntoView({ behavior, block: 'center' });
}

export const jumping = () => Date.now() < jumpUntil;
