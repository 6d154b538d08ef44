import { useCallback, useEffect, useState } from 'react';
import { focusMessage } from '../utils/focus-message';
import { scrollMotion } from '../utils/scroll-motion';

/**
 * The chat header's height, at most (it is sticky): a line under it is not in view, nor has
 * it been seen there.
 */
const HEADER_PX = 64;
/** The window without the header's strip at its top. */
const BELOW_HEADER = `-${HEADER_PX}px 0px 0px 0px`;

/**
 * A root that reaches far below the window: the line leaves it only across the header's lower
 * edge, so its reports say 'above' or not even when a fast scroll carries the line past the
 * whole window between two frames (the window's own reports would miss that crossing).
 */
const DOWN_FROM_WINDOW_TOP = `-${HEADER_PX}px 0px 1000000px 0px`;

export interface UnreadLineJump {
  /** For the 'New messages' line's element (message-list.tsx). */
  lineRef: (line: HTMLElement | null) => void;
  /** The line is above the window and has not been in view during this visit. */
  offered: boolean;
  /** Takes the view to the line, and the focus to the first unread message, for good. */
  jump: () => void;
}

/**
 * The way up to where the unread began, for a reader who opened the room at its end with the
 * 'New messages' line far above. Two intersection observers watch the one line (none when the
 * browser has none: nothing is offered): one says when it has been in the window, after which
 * nothing is offered again this visit, the other whether it is above the window. No work per
 * message or per scroll event.
 */
export function useUnreadLineJump(): UnreadLineJump {
  const [line, setLine] = useState<HTMLElement | null>(null);
  // The line's element last reported above the window: a new element is not, until it says.
  const [above, setAbove] = useState<HTMLElement | null>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    if (!line || seen || typeof IntersectionObserver === 'undefined') return;
    const inWindow = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: BELOW_HEADER },
    );
    const belowWindowTop = new IntersectionObserver(
      (entries) => {
        const latest = entries.at(-1);
        if (latest) setAbove(latest.isIntersecting ? null : line);
      },
      { rootMargin: DOWN_FROM_WINDOW_TOP },
    );
    inWindow.observe(line);
    belowWindowTop.observe(line);
    return () => {
      inWindow.disconnect();
      belowWindowTop.disconnect();
    };
  }, [line, seen]);

  const jump = useCallback(() => {
    if (!line) return;
    setSeen(true);
    // Its margin (chat.module.css) keeps it clear of the fixed header.
    line.scrollIntoView({ behavior: scrollMotion(), block: 'start' });
    // The line begins the list of the unread (message-list.tsx), as a search's jump focuses
    // the message it went to.
    const first = line.nextElementSibling?.querySelector<HTMLElement>('[data-message-id]');
    if (first) focusMessage(first);
  }, [line]);

  return { lineRef: setLine, offered: line !== null && above === line && !seen, jump };
}
