import { useEffect, useRef } from 'react';

/**
 * A button and the confirmation that replaces it, each in turn. The pressed one is gone, so the
 * focus moves to the one that takes its place (Cancel; or the button again after Cancel or the
 * deed) rather than falling to the page's start, out of the menu. Nothing moves on first render.
 */
export function useConfirmFocus(confirming: boolean) {
  const askRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) asked.current = true;
    if (asked.current) (confirming ? cancelRef : askRef).current?.focus();
  }, [confirming]);
  return { askRef, cancelRef };
}
