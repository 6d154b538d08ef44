import {
  Fragment,
  memo,
  type ReactNode,
  type Ref,
  useContext,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ChatMessage } from '../../../../contract/realtime';
import { SessionContext } from '../../../lib/session/session-context';
import type { RoomConnection } from '../connection/room-state';
import { BAR_HEIGHT_VARIABLE } from '../hooks/use-end-stays-in-view';
import { useFollowEnd } from '../hooks/use-follow-end';
import { useMessageVerbs } from '../hooks/use-message-verbs';
import { useQuietAfterPrepend } from '../hooks/use-quiet-after-prepend';
import { useRoomState } from '../hooks/use-room-state';
import { useScrollBack } from '../hooks/use-scroll-back';
import { useScrollForward } from '../hooks/use-scroll-forward';
import { useShowMessage } from '../hooks/use-show-message';
import { firstUnreadId, type UnreadAtOpen } from '../utils/first-unread';
import { byDay } from '../utils/message-days';
import { mentionsMe } from '../utils/mentions-me';
import { isOwnMessage } from '../utils/own-message';
import { seenReaders } from '../utils/seen-readers';
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

/**
 * What a scroll to the end keeps below the list: the message bar, stuck to the window's bottom
 * over the page (its height as it is now; before it says, the usual one-line bar's), and the
 * padding under the list, so the newest message is never under the bar.
 */
const END_MARGIN = `calc(var(${BAR_HEIGHT_VARIABLE}, 124px) + var(--mantine-spacing-md))`;

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
  const stopFollowing = useFollowEnd({
    end: endRef,
    historyLoaded,
    lastId: last?.id,
    lastIsMine,
    pendingCount: pending.length,
    hasNewer,
  });

  const quiet = useQuietAfterPrepend(messages[0]?.id);
  const original = useShowMessage({ list: listRef, messages, loadAround });
  const { jumpTo } = props;
  const { show } = original;
  useEffect(() => {
    if (jumpTo) {
      stopFollowing();
      show(jumpTo.messageId);
    }
  }, [jumpTo, show, stopFollowing]);
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
  const { react, remove } = useMessageVerbs(room);

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
      <div ref={endRef} style={{ scrollMarginBottom: END_MARGIN }} />
    </div>
  );
});
