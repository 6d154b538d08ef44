import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChatMessage } from '../../../../contract/realtime';
import type { RoomConnection } from '../connection/room-state';
import { firstUnreadId, unreadStartListed, type UnreadAtOpen } from '../utils/first-unread';
import { loadUnreadStart } from '../connection/unread-start-pages';
import { holdLanding, landOnLine, type Landing } from '../utils/unread-landing';
import { useRoomState } from './use-room-state';

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
  /** The line is above the window, and has not been in view since it was above this message. */
  offered: boolean;
  /** Takes the view to the first unread and the focus to it, loading older pages to it first. */
  jump: () => void;
}

interface UnreadLineJumpOptions {
  room: RoomConnection;
  /** What was unread when the room opened (use-unread-at-open.ts). */
  unread: UnreadAtOpen | null;
  nickname: string;
}

/**
 * The way up to where the unread began, for a reader who opened the room at its end with the
 * 'New messages' line far above. Two intersection observers watch the one line (none when the
 * browser has none: nothing is offered): one says when it has been in the window, after which
 * it is not offered again while it stays above the same message, the other whether it is above
 * the window. No work per scroll event. A line that older pages move up (it was at the top of
 * what was loaded) is a new one: unread messages are above the window again.
 */
export function useUnreadLineJump({
  room,
  unread,
  nickname,
}: UnreadLineJumpOptions): UnreadLineJump {
  const messages = useRoomState(room, (state) => state.messages);
  const hasOlder = useRoomState(room, (state) => state.hasOlder);
  // As the list finds it (message-list.tsx), once per change of the messages.
  const lineId = useMemo(
    () => firstUnreadId(messages, unread, nickname),
    [messages, unread, nickname],
  );
  const listed = useMemo(
    () => unreadStartListed(messages, unread, hasOlder),
    [messages, unread, hasOlder],
  );
  const [line, setLine] = useState<HTMLElement | null>(null);
  // The line's element last reported above the window: a new element is not, until it says.
  const [above, setAbove] = useState<HTMLElement | null>(null);
  // The message the line was above when it was in view or jumped to.
  const [seenAt, setSeenAt] = useState<ChatMessage['id'] | null>(null);
  const seen = lineId !== null && seenAt === lineId;
  // A jump loading older pages before it lands, and how many jumps have asked to land.
  const [loading, setLoading] = useState(false);
  const [landings, setLandings] = useState(0);
  const landed = useRef(0);
  const landing = useRef<Landing | null>(null);

  useEffect(() => {
    if (!line || seen || typeof IntersectionObserver === 'undefined') return;
    const inWindow = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeenAt(lineId);
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
  }, [line, seen, lineId]);

  // Once the pages are in and the line is drawn above the message it is above now. Nothing
  // scrolled while they came (the scroll back kept the reader's place), so the jump's scroll
  // and that keeping never meet; a line gone meanwhile (another list) takes the jump with it.
  useEffect(() => {
    if (landed.current === landings || line?.isConnected === false) return;
    landed.current = landings;
    if (line) landing.current = landOnLine(line);
  }, [landings, line]);

  // After the scroll back put the window back for a page that came during a smooth landing
  // (its layout effect, in the list, runs before this one): the landing goes on.
  const firstListed = messages[0]?.id;
  useLayoutEffect(() => holdLanding(landing.current), [firstListed]);

  const jump = useCallback(() => {
    const land = (id: ChatMessage['id'] | null) => {
      setSeenAt(id);
      setLandings((count) => count + 1);
    };
    if (!line || loading) return;
    if (listed) return land(lineId);
    setLoading(true);
    void loadUnreadStart(room, unread).then(() => {
      setLoading(false);
      const { messages: now, hasNewer } = room.getSnapshot();
      // A search's jump (a page of the past) came meanwhile: the reader is there now.
      if (!hasNewer) land(firstUnreadId(now, unread, nickname));
    });
  }, [line, loading, listed, lineId, room, unread, nickname]);

  const offered = line !== null && above === line && !seen && !loading;
  return { lineRef: setLine, offered, jump };
}
