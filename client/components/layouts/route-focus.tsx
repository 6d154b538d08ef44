import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Focusable by script only, and only until the focus leaves: a <main> that kept tabindex=-1
 * would take the focus of every click on its text, where the focus fell to <body> before.
 */
function focusForReading(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1');
    element.addEventListener('blur', () => element.removeAttribute('tabindex'), { once: true });
  }
  element.focus({ preventScroll: true });
}

/** How long a page's 'Loading...' may stand before its heading and still take the focus. */
const HEADING_WAIT_MS = 10_000;

/**
 * A page still loading has no h1 yet, so the focus went to <main>: when the heading comes, the
 * focus moves on to it. The page may also be drawn again as it settles (a guard's 'Loading...'
 * while the session refreshes), taking the focused heading away and dropping the focus to
 * <body>: the new heading takes it then too. Stops once the reader puts the focus anywhere
 * else or presses anywhere, at the wait's end, or at the next page change. Not at RouteFocus's
 * unmount: a page drawn again mounts a new RouteFocus, which has no page change to act on.
 */
let stopWatching: (() => void) | undefined;

function keepFocusOnHeading(page: HTMLElement) {
  const stop = () => {
    stopWatching = undefined;
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('pointerdown', stop, true);
  };
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as Element | null;
    if (target !== page && target?.tagName !== 'H1') stop();
  };
  const observer = new MutationObserver(() => {
    const heading = page.querySelector('h1');
    const active = document.activeElement;
    if (heading && active !== heading && (active === page || active === document.body)) {
      focusForReading(heading);
    }
  });
  observer.observe(page, { childList: true, subtree: true });
  document.addEventListener('focusin', onFocusIn);
  // A press on text takes no focus (it falls to <body>, no focusin), yet the reader has moved on.
  document.addEventListener('pointerdown', stop, true);
  const timer = setTimeout(stop, HEADING_WAIT_MS);
  stopWatching = stop;
}

/**
 * After an in-app move to another page, puts the focus on the new page's h1 (else on <main>,
 * then on the h1 once the page has loaded): the link or button pressed is gone with the old
 * page, so the focus fell to <body>, a screen reader said nothing of the new page and Tab
 * started again from the top.
 *
 * Rendered beside the page inside the layout's Suspense, so that its effect runs once the page
 * is in, not its 'Loading...'. Nothing happens on the first load (nor on the redirects that end
 * it, which replace the address), nor when only the search or hash change (dialogs, paging), nor
 * when the new page took the focus itself (an autoFocus field) or a dialog holds it.
 */
export function RouteFocus({ main }: { main: RefObject<HTMLElement | null> }) {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);
  const navigated = useRef(false);

  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    stopWatching?.();
    if (navigationType !== 'REPLACE') navigated.current = true;
    const page = main.current;
    if (!navigated.current || !page) return;
    const active = document.activeElement;
    if (active && (page.contains(active) || active.closest('[aria-modal="true"]'))) return;
    focusForReading(page.querySelector('h1') ?? page);
    keepFocusOnHeading(page);
  }, [pathname, navigationType, main]);

  return null;
}
