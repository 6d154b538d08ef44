import { useEffect, useRef } from 'react';

/** Marks a row's Delete button: where the focus may go once another row is deleted. */
const ROW_DELETE = '[data-row-delete]';

/**
 * Where the focus may go once `button`'s row is gone, best first: the next rows' Delete buttons,
 * then the previous rows' (nearest first), then the table's search box and its heading.
 */
function placesAfter(button: HTMLElement): HTMLElement[] {
  const row = button.closest('tr');
  const section = button.closest('section');
  const deleteIn = (other: Element | null) => other?.querySelector<HTMLElement>(ROW_DELETE) ?? null;
  const places: (HTMLElement | null)[] = [];
  for (let next = row?.nextElementSibling; next; next = next.nextElementSibling) {
    places.push(deleteIn(next));
  }
  for (
    let previous = row?.previousElementSibling;
    previous;
    previous = previous.previousElementSibling
  ) {
    places.push(deleteIn(previous));
  }
  places.push(section?.querySelector<HTMLElement>('input[type="search"]') ?? null);
  places.push(section?.querySelector<HTMLElement>('h1, h2, h3') ?? null);
  return places.filter((place): place is HTMLElement => place !== null);
}

/**
 * An admin table's row leaves once its deletion went through and the list was read again, and
 * its Delete button, which had the focus, goes with it: the browser would drop the focus on the
 * page's start, far from the table. `watch` notes where it may go instead, before the deletion;
 * `forget` when nothing was deleted. `rowKeys` are the rows shown: when they change and the button is
 * gone, the focus moves, unless the user has taken it elsewhere meanwhile.
 */
export function useRowDeletionFocus(rowKeys: readonly string[]) {
  const pending = useRef<{ button: HTMLElement; places: HTMLElement[] } | null>(null);
  const shownRows = rowKeys.join('\n');

  useEffect(() => {
    const watched = pending.current;
    if (!watched || watched.button.isConnected) return;
    pending.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && active !== watched.button) return;
    const place = watched.places.find((candidate) => candidate.isConnected);
    if (!place) return;
    // A heading takes the focus only from code, and only with a tabindex.
    if (!place.matches('button, input')) place.setAttribute('tabindex', '-1');
    place.focus();
  }, [shownRows]);

  return {
    watch: (button: HTMLElement) => {
      pending.current = { button, places: placesAfter(button) };
    },
    forget: () => {
      pending.current = null;
    },
  };
}
