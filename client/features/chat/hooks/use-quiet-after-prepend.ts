import { useEffect, useState } from 'react';
import type { ChatMessage } from '../../../../contract/realtime';

/** How long the log stays quiet after an older page went in: past the screen reader's look. */
const QUIET_AFTER_PREPEND_MS = 100;

/**
 * Whether the log should be quiet: a page of older messages has just gone in at the top. The
 * log is a live region so that new messages are read out; without this, a screen reader read
 * out every older page too, fifty messages on each scroll back. The commit that inserts the
 * page already says 'off' (the state is set while rendering), and the log speaks again a
 * moment later. Only that moment: a message that arrives while a page is still on its way
 * (up to the ack's timeout) is read out as any other.
 */
export function useQuietAfterPrepend(firstId: ChatMessage['id'] | undefined) {
  const [shownFirstId, setShownFirstId] = useState(firstId);
  // Pages put in, and how many of them the quiet moment has passed for: each restarts it.
  const [prepends, setPrepends] = useState(0);
  const [settled, setSettled] = useState(0);
  if (firstId !== shownFirstId) {
    setShownFirstId(firstId);
    if (isOlder(firstId, shownFirstId)) setPrepends(prepends + 1);
  }
  useEffect(() => {
    const timer = setTimeout(() => setSettled(prepends), QUIET_AFTER_PREPEND_MS);
    return () => clearTimeout(timer);
  }, [prepends]);
  return prepends !== settled;
}

function isOlder(id: ChatMessage['id'] | undefined, than: ChatMessage['id'] | undefined) {
  return typeof id === 'number' && typeof than === 'number' && id < than;
}
