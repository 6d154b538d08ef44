import {
  Fragment,
  memo,
  type ReactNode,
  type Ref,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ChatMessage } from '../../../../contract/realtime';
import { SessionContext } from '../../../lib/session/session-context';
import type { RoomConnection } from '../connection/room-state';
import { useRoomState } from '../hooks/use-room-state';
import { useScrollBack } from '../hooks/use-scroll-back';
import { useScrollForward } from '../hooks/use-scroll-forward';
import { useShowMessage } from '../hooks/use-show-message';
import { autoScrolling, scrollSmoothlyToEnd } from '../utils/auto-scroll';
import { firstUnreadId, type UnreadAtOpen } from '../utils/first-unread';
import { byDay } from '../utils/message-days';
import { mentionsMe } from '../utils/mentions-me';
import { nearEnd } from '../utils/near-end';
import { isOwnMessage } from '../utils/own-message';
import { seenReaders } from '../utils/seen-readers';
import { showErrorToast } from '../utils/show-system-notice';
import classes from './chat.module.css';
import { MessageBubble, PendingBubble } from './message-bubble';
import { NewMessagesLine } from './new-messages-line';

interface MessageListProps {
  room: RoomConnection;
  nickname: string;
  roomName: string;
  /**
   * The reader may delete anyone's message: the room's owner or an administrator. By default,
   * an administrator (as the session says); the room's owner needs it passed.
   */
  moderator?: boolean;
  /** A message to take the reader to (a search result's); a new `asked` takes them again. */
  jumpTo?: { messageId: number; asked: number } | null;
  /** What was unread when the room opened: the 'New messages' line goes above the first. */
  unread?: UnreadAtOpen | null;
  /** For the line's element: the chat screen offers a jump up to it. */
  unreadLineRef?: Ref<HTMLDivElement>;
}

/** One list of messages (a list holds only its items, so a line between two ends one). */
const Items = ({ children }: { children: ReactNode }) => (
  <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
    {children}
  </Stack>
);

/**
 * A spinner until the history arrives, then the conversation with a line at each new day (and
 * one above what was unread when the room opened), scrolled to its end; scrolling to the top
 * loads older pages until the room's beginning. The person's messages still on their way
 * follow, marked 'Sending…'.
 */
export const MessageList = memo(function MessageList(props: MessageListProps) {
  const { room, nickname, roomName } = props;
  const user = useContext(SessionContext)?.user;
  const admin = user?.role === 'admin';
  // Who has read what is shown only to people who share their own (the room stops telling).
  const sharing = user?.shareReads !== false;
  const moderator = props.moderator === true || admin;
  const messages = useRoomState(room, (state) => state.messages);
  const pending = useRoomState(room, (state) => state.pending);
  const historyLoaded = useRoomState(room, (state) => state.historyLoaded);
  const hasOlder = useRoomState(room, (state) => state.hasOlder);
  const loadingOlder = useRoomState(room, (state) => state.loadingOlder);
  const seen = useRoomState(room, (state) => state.seen);
  const hasNewer = useRoomState(room, (state) => state.hasNewer);
  const loadingNewer = useRoomState(room, (state) => state.loadingNewer);
  const { loadOlder, loadNewer, loadAround } = room;
  const listRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const newerSentinelRef = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  const mine = nickname.toLowerCase();
  const lastIsMine = last !== undefined && isOwnMessage(last, nickname);
  /** Whether the reader was at the end before the last render (then new messages follow). */
  const following = useRef(true);

  useEffect(() => {
    const onScroll = () => {
      // Its own smooth scroll passes far from the end on the way there: still following.
      following.current = nearEnd() || autoScrolling();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // The first history lands at the end at once; a new message (or one being sent) scrolls
  // there smoothly, unless the reader has scrolled back to read older ones.
  const firstShown = useRef(false);
  useEffect(() => {
    if (!historyLoaded) return;
    if (!firstShown.current) {
      firstShown.current = true;
      endRef.current?.scrollIntoView({ behavior: 'instant', block: 'end' });
      following.current = true;
      return;
    }
    // A page of the past (a jump's) is not the end: nothing is followed there.
    if (hasNewer) return;
    if ((following.current || lastIsMine) && endRef.current) {
      scrollSmoothlyToEnd(endRef.current);
    }
  }, [historyLoaded, last?.id, lastIsMine, pending.length, hasNewer]);

  const quiet = useQuietAfterPrepend(messages[0]?.id);
  const original = useShowMessage({ list: listRef, messages, loadAround });
  const { jumpTo } = props;
  const { show } = original;
  useEffect(() => {
    if (jumpTo) {
      following.current = false;
      show(jumpTo.messageId);
    }
  }, [jumpTo, show]);
  const { unread = null } = props;
  // Once per change of the list, not once per row: the list renders again per message.
  const lineAbove = useMemo(
    () => firstUnreadId(messages, unread, nickname),
    [messages, unread, nickname],
  );
  const seenBy = useMemo(
    () => (sharing ? seenReaders(messages, seen, nickname) : null),
    [sharing, messages, seen, nickname],
  );
  // What the room refuses (too many reactions, a message deleted meanwhile) says why.
  const react = useCallback(
    (messageId: number, emoji: string) =>
      void room.react(messageId, emoji).then((result) => {
        if (!result.ok) showErrorToast(result.error);
      }),
    [room],
  );
  const remove = useCallback(
    (messageId: number) =>
      void room.remove(messageId).then((result) => {
        if (!result.ok) showErrorToast(result.error);
      }),
    [room],
  );

  useScrollBack({
    list: listRef,
    sentinel: sentinelRef,
    firstId: messages[0]?.id,
    // Declared after the first scroll to the end, so it watches from there.
    enabled: historyLoaded && hasOlder,
    loading: loadingOlder,
    loadOlder,
  });
  useScrollForward({
    sentinel: newerSentinelRef,
    lastId: last?.id,
    enabled: historyLoaded && hasNewer,
    loading: loadingNewer,
    loadNewer,
  });

  const pendingBubbles = pending.map((entry) => (
    <PendingBubble
      key={entry.clientId}
      text={entry.text}
      files={entry.files?.length}
      waiting={entry.status === 'failed'}
    />
  ));
  if (!historyLoaded) {
    // What waits from before a reload shows even while the room is out of reach.
    return (
      <>
        <Center py="xl">
          <Loader role="status" aria-label="Loading messages" />
        </Center>
        {pending.length > 0 && <Items>{pendingBubbles}</Items>}
      </>
    );
  }
  if (messages.length === 0 && pending.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        No messages yet...
      </Text>
    );
  }

  const bubble = (message: ChatMessage) => {
    const own = isOwnMessage(message, nickname);
    return (
      <MessageBubble
        key={message.id}
        message={message}
        own={own}
        canDelete={own || moderator}
        viewer={nickname}
        mentionsMe={mentionsMe(message, mine)}
        highlighted={original.highlighted === message.id}
        seenBy={seenBy?.messageId === message.id ? seenBy.readers : undefined}
        onShowOriginal={original.show}
        onReact={react}
        onDelete={remove}
      />
    );
  };
  const days = byDay(messages, lineAbove);
  return (
    <div ref={listRef} style={{ overflowAnchor: 'none' }}>
      <div ref={sentinelRef} />
      {hasOlder ? (
        <Center py="sm" mih={52}>
          {loadingOlder && <Loader size="sm" role="status" aria-label="Loading older messages" />}
        </Center>
      ) : (
        <Text c="dimmed" ta="center" size="sm" py="sm">
          This is the beginning of {roomName}
        </Text>
      )}
      <div role="log" aria-label="Messages" aria-live={quiet ? 'off' : 'polite'}>
        {days.map((day, index) => {
          const lastDay = index === days.length - 1;
          const { unreadFrom = day.messages.length } = day;
          const read = day.messages.slice(0, unreadFrom);
          const unreadHere = day.messages.slice(unreadFrom);
          // A list per day, each after the line naming the day; the unread line splits one.
          return (
            <Fragment key={day.key}>
              <Text
                role="separator"
                aria-label={day.label}
                size="xs"
                c="dimmed"
                fw={600}
                my="sm"
                className={classes.day}
              >
                {day.label}
              </Text>
              {read.length > 0 && (
                <Items>
                  {read.map(bubble)}
                  {lastDay && day.unreadFrom === undefined && pendingBubbles}
                </Items>
              )}
              {day.unreadFrom !== undefined && (
                <>
                  <NewMessagesLine ref={props.unreadLineRef} />
                  <Items>
                    {unreadHere.map(bubble)}
                    {lastDay && pendingBubbles}
                  </Items>
                </>
              )}
            </Fragment>
          );
        })}
        {days.length === 0 && <Items>{pendingBubbles}</Items>}
      </div>
      {hasNewer && (
        <Center ref={newerSentinelRef} py="sm" mih={52}>
          {loadingNewer && <Loader size="sm" role="status" aria-label="Loading newer messages" />}
        </Center>
      )}
      {/* The margin keeps the newest message clear of the message box fixed below it. */}
      <div ref={endRef} style={{ scrollMarginBottom: 140 }} />
    </div>
  );
});

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
function useQuietAfterPrepend(firstId: ChatMessage['id'] | undefined) {
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
