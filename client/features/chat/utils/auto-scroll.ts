import { scrollMotion } from './scroll-motion';

/**
 * The chat's own scrolls: to the end (new messages), and a jump (to a message: a link's, a
 * search result's, a quote's original; to the 'New messages' line). A smooth one takes a
 * moment, during which the page is far from where it goes, and that is not the reader
 * scrolling away:
 * - on the way to the end (a long message came), neither the list's following of new messages
 *   nor the new-messages button may take it so;
 * - a jump starts at the end (a link opens the room there) and the message bar grows just then
 *   ('Jump to first unread'): an instant scroll would stop it where it began
 *   (use-end-stays-in-view.ts waits), and the list, seeing the reader at the end, would follow
 *   newer messages there (use-follow-end.ts).
 * Each is on its way until the browser's scrollend, or SMOOTH_SCROLL_MS where there is none.
 * An instant one (for a reader who asks for less motion) is there before it returns.
 */
const SMOOTH_SCROLL_MS = 1500;
/** Until when each kind is on its way (Date.now(); 0: none). */
const until = { end: 0, jump: 0 };

function ownScroll(kind: keyof typeof until, scroll: (behavior: ScrollBehavior) => void) {
  const behavior = scrollMotion();
  until[kind] = behavior === 'smooth' ? Date.now() + SMOOTH_SCROLL_MS : 0;
  if (behavior === 'smooth') {
    // The listener goes with the time allowed, so none is left behind where no scrollend
    // comes (a scroll that did not move, a browser without the event).
    const done = new AbortController();
    const ended = () => {
      until[kind] = 0;
      done.abort();
    };
    window.addEventListener('scrollend', ended, { signal: done.signal });
    setTimeout(() => done.abort(), SMOOTH_SCROLL_MS);
  }
  scroll(behavior);
}

export function scrollToEnd(end: Element) {
  ownScroll('end', (behavior) => end.scrollIntoView({ behavior, block: 'end' }));
}

export function scrollToMessage(item: Element) {
  ownScroll('jump', (behavior) => item.scrollIntoView({ behavior, block: 'center' }));
}

/** The 'New messages' line to the window's top (its scroll margin keeps it under the header). */
export function scrollToLine(line: Element) {
  ownScroll('jump', (behavior) => line.scrollIntoView({ behavior, block: 'start' }));
}

export const autoScrolling = () => Date.now() < until.end;

export const jumping = () => Date.now() < until.jump;
