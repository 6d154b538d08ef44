/**
 * Focuses a message's item the view was taken to (the caller scrolls), so a keyboard or a
 * screen reader goes on from there.
 */
export function focusMessage(item: HTMLElement) {
  if (!item.hasAttribute('tabindex')) item.tabIndex = -1;
  item.focus({ preventScroll: true });
}
