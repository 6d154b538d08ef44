/** Each message's actions button (message-actions.tsx marks it). */
const ACTIONS_BUTTON = '[data-message-actions]';

/**
 * Where the focus goes once a message the person deleted takes its actions button with it
 * (the button had it before the confirm): to the next message's actions button in the list,
 * or the previous one's when it was the last, so a keyboard or screen reader user goes on
 * through the messages from where they were; with no other message to act on, to the message
 * box; failing that (a bubble rendered alone), to the message's own place. Never the page's
 * start, where the browser would put it.
 */
export function focusAfterDeletion(item: HTMLElement) {
  const list = item.closest('[role="log"]') ?? item.parentElement;
  const others = [...(list?.querySelectorAll<HTMLElement>(ACTIONS_BUTTON) ?? [])].filter(
    (button) => !item.contains(button),
  );
  const after = (button: HTMLElement) =>
    Boolean(item.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING);
  const next = others.find(after) ?? others.filter((button) => !after(button)).at(-1);
  const box = document.querySelector<HTMLElement>('[data-message-bar] textarea');
  const target = next ?? box;
  if (target) return target.focus();
  item.tabIndex = -1;
  item.focus({ preventScroll: true });
}
