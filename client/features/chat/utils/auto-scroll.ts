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
