import type { MouseEvent } from 'react';

/**
 * For a button of the message bar (message-form.tsx, marked data-message-bar) that goes away
 * once it has done its work (the new-messages and scroll-to-top buttons): activated from the
 * keyboard (a click with no pointer, detail 0), the focus moves to the message box, instead of
 * falling back to the page's start with the button. A tap or a click leaves the focus alone: a
 * phone would open its keyboard.
 */
export function keepFocusInMessageBar(event: MouseEvent<HTMLElement>) {
  if (event.detail !== 0) return;
  const bar = event.currentTarget.closest('[data-message-bar]');
  bar?.querySelector<HTMLTextAreaElement>('textarea')?.focus({ preventScroll: true });
}
