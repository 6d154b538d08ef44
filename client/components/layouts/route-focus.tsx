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

/**
 * After an in-app move to another page, puts the focus on the new page's h1 (else on <main>):
 * the link or button pressed is gone with the old page, so the focus fell to <body>, a screen
 * reader said nothing of the new page and Tab started again from the top.
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
    if (navigationType !== 'REPLACE') navigated.current = true;
    const page = main.current;
    if (!navigated.current || !page) return;
    const active = document.activeElement;
    if (active && (page.contains(active) || active.closest('[aria-modal="true"]'))) return;
    focusForReading(page.querySelector('h1') ?? page);
  }, [pathname, navigationType, main]);

  return null;
}
