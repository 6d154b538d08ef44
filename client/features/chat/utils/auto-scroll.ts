/**
 * The list's own smooth scrolls to the end. While one runs the page can be far from the end
 * for a moment (a long message came), and that is not the reader scrolling away: neither the
 * list's following of new messages nor the new-messages button may take it so. It ends with
 * the browser's scrollend, or after SMOOTH_SCROLL_MS where there is none.
 */
const SMOOTH_SCROLL_MS = 1500;
let until = 0;

export function scrollSmoothlyToEnd(end: Element) {
  until = Date.now() + SMOOTH_SCROLL_MS;
  window.addEventListener(
    'scrollend',
    () => {
      until = 0;
    },
    { once: true },
  );
  end.scrollIntoView({ behavior: 'smooth', block: 'end' });
}

export const autoScrolling = () => Date.now() < until;
