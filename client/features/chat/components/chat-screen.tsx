import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Box, Container, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { NotificationLevel } from '../../../../contract/notifications';
import type { RoomChange } from '../../../../contract/realtime';
import { PRODUCT_NAME } from '../../../config/constants';
import { ownEndingNotice } from '../../../lib/own-room-endings';
import { useSession } from '../../../lib/session/use-session';
import { useUnreadTitle } from '../../../lib/unread/use-unread-title';
import { ComposerIntentProvider } from '../composer/composer-intent';
import { ReplyTargetWatch } from '../composer/reply-target-watch';
import { useComposerRoom } from '../composer/use-composer-room';
import { useBackReload } from '../hooks/use-back-reload';
import { useMessageNotifications } from '../hooks/use-message-notifications';
import { useReadMarker } from '../hooks/use-read-marker';
import { useRoomConnection } from '../hooks/use-room-connection';
import { useFocusClearOfBars } from '../hooks/use-focus-clear-of-bars';
import { useJoinedOnce } from '../hooks/use-joined-once';
import { useRoomState } from '../hooks/use-room-state';
import { useTypingSignal } from '../hooks/use-typing-signal';
import { useUnreadAtOpen } from '../hooks/use-unread-at-open';
import { useUnreadLineJump } from '../hooks/use-unread-line-jump';
import { unseenCount } from '../utils/unseen-count';
import { ChatErrorDialog } from './chat-error-dialog';
import { ChatHeader } from './chat-header';
import { SearchButton } from '../search/search-button';
import { PinsButton } from '../pins/pins-button';
import { PinsProvider } from '../pins/pins-provider';
import { RoomLinkContext } from '../permalink/room-link-context';
import { useLinkedMessage } from '../permalink/use-linked-message';
import { ConnectionStatus } from './connection-status';
import { MessageForm } from './message-form';
import { MessageBarJump } from './message-bar-jump';
import { MessageList } from './message-list';
import { NotificationMenu } from './notification-menu';
import { ScrollToTopButton } from './scroll-to-top-button';
import { RoomTypingLine } from './typing-line';

/** What /join shows after the room someone was in was deleted. */
export const ROOM_DELETED_NOTICE = 'This room was deleted.';

interface ChatScreenProps {
  roomId: string;
  /** The person's nickname in this room: the server's join accepts no other. */
  nickname: string;
  /** Unread messages in the person's other rooms (the tab's title carries the total). */
  unreadElsewhere?: number;
  /** The person owns the room: they may delete anyone's message (administrators always may). */
  moderator?: boolean;
  /** A private conversation: either of its two people may pin messages. */
  direct?: boolean;
  /** The room-list drawer and the share menu belong to other features; the route adds them. */
  renderDrawer: (drawer: { opened: boolean; onClose: () => void }) => ReactNode;
  renderShare: (roomName: string) => ReactNode;
  /**
   * The room's name as the route knows it, before the room's own: a private conversation is
   * named after the other person, which differs on each side.
   */
  roomName?: string;
  /**
   * The person's read position in the room as the room list says (`lastReadId`), for the
   * 'New messages' line; undefined until it has said.
   */
  lastReadId?: number;
  /** The person's notification level here and the way to change it (the route adds it). */
  notificationLevel?: {
    level: NotificationLevel | undefined;
    chosen: boolean;
    choose: (level: NotificationLevel) => void;
  };
  /**
   * The room says its owner or name changed: the route has the rooms feature read again what
   * it shows of the room (who owns it, its name in the lists).
   */
  onRoomChanged?: (what: RoomChange) => void;
  /** The room let the person in (its first join): the route may ask it for more. */
  onJoined?: () => void;
}

/** The chat screen of spec point 2. Mount it with key={roomId}: a new room is a new screen. */
export function ChatScreen(props: ChatScreenProps) {
  const { roomId, nickname, unreadElsewhere = 0, moderator = false } = props;
  const { renderDrawer, renderShare, notificationLevel } = props;
  const level = notificationLevel?.level;
  const { user, loading, logout, enterRoom, forgetRoom } = useSession();
  const navigate = useNavigate();
  const [drawerOpened, drawer] = useDisclosure(false);
  const room = useRoomConnection({
    roomId,
    nickname,
    enabled: !loading && user !== null,
    onRoomDeleted: (notice = ROOM_DELETED_NOTICE) => {
      // The stored room is gone; keeping it would send the next visit back to it.
      forgetRoom();
      // Ended by this person's own request (a block), whose answer may come second.
      navigate('/join', { replace: true, state: { notice: ownEndingNotice(roomId) ?? notice } });
    },
    // The connection is joined again under the new one; the box keeps what is typed.
    onNicknameChanged: (renamed) => enterRoom(roomId, renamed),
    // Runs on a later event, when `notifications` (which needs the room's name) exists.
    onLiveMessage: (message) => notifications.notify(message),
    onRoomChanged: props.onRoomChanged,
  });
  useBackReload();
  const roomData = useRoomState(room, (state) => state.roomData);
  const roomName = props.roomName || roomData?.name || '';
  const notifications = useMessageNotifications({ roomId, roomName, nickname, level });
  const typing = useTypingSignal(room.signal);
  const messages = useRoomState(room, (state) => state.messages);
  const joined = useRoomState(room, (state) => state.joined);
  const joinedOnce = useJoinedOnce(joined, props.onJoined);
  const historyLoaded = useRoomState(room, (state) => state.historyLoaded);
  const unreadAtOpen = useUnreadAtOpen(roomId, props.lastReadId, historyLoaded, messages);
  const unreadLine = useUnreadLineJump({ room, unread: unreadAtOpen, nickname });
  const seenId = useReadMarker({ roomId, messages, joined, signal: room.signal });
  const connectionState = useRoomState(room, (state) => state.connectionState);
  const error = useRoomState(room, (state) => state.error);
  const showsPast = useRoomState(room, (state) => state.hasNewer);
  const returned = useRoomState(room, (state) => state.returned);
  // A message to take the reader to (a search result, a pin, a link); `asked` counts, so the
  // same one can be asked again.
  // Kept with the nickname it was asked under: a rename lists the history again (the list is
  // keyed by the nickname), and the new list must not take the reader back to an old jump.
  const [jumpTo, setJumpTo] = useState<{ messageId: number; asked: number; nickname: string }>();
  const jump = useCallback(
    (messageId: number) =>
      setJumpTo((was) => ({ messageId, asked: (was?.asked ?? 0) + 1, nickname })),
    [nickname],
  );
  // Dropped rather than hidden: renamed back, the old jump would come back with the name.
  if (jumpTo && jumpTo.nickname !== nickname) setJumpTo(undefined);
  useLinkedMessage({ ready: joined && historyLoaded, onJump: jump });
  const composer = useComposerRoom(room, nickname, roomId, joinedOnce);
  // A message's controls reached with Tab never sit under the header or the message bar.
  useFocusClearOfBars();

  const unseenHere = unseenCount(messages, seenId, nickname);
  // The tab names the room, led by the unread messages here and in the other rooms.
  useUnreadTitle(
    roomName ? `${roomName} · ${PRODUCT_NAME}` : `Chat · ${PRODUCT_NAME}`,
    // A muted room does not call for attention there either.
    unreadElsewhere + (level === 'off' ? 0 : unseenHere),
  );

  if (!user) {
    return (
      <Text role="alert" p="md">
        Error: User not authenticated.
      </Text>
    );
  }

  const handleLogout = async () => {
    await logout();
    navigate('/login');
  };

  const refused = error?.kind === 'fatal';
  return (
    // At least one window tall below the app's top bar, so the message box sits at the bottom.
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      {/* Pin and Unpin in the messages' menus and the header's list, the marks in the history. */}
      <PinsProvider
        room={room}
        allowed={moderator || props.direct === true || user.role === 'admin'}
      >
        <ChatHeader
          connected={connectionState === 'connected'}
          roomName={roomName || 'Chat room'}
          users={roomData?.users ?? null}
          onOpenRooms={drawer.open}
          onLogout={() => void handleLogout()}
          share={renderShare(roomName || 'this room')}
          pins={<PinsButton room={room} onPick={jump} />}
          search={<SearchButton roomId={roomId} onPick={jump} />}
          notifications={
            <NotificationMenu
              level={level}
              chosen={notificationLevel?.chosen ?? false}
              onChoose={(chosen) => notificationLevel?.choose(chosen)}
              permission={notifications.permission}
              pushUnavailable={notifications.pushUnavailable}
              onAllow={() => void notifications.allow()}
            />
          }
        />
        {/* A message's Reply and Edit (in the list) set what the box below does. */}
        <ComposerIntentProvider>
          <Container size="md" py="md" w="100%" style={{ flex: 1 }}>
            {/* Its history is loaded again under the new nickname: a fresh list, at the end. */}
            {/* Each message's menu offers a link to it (Copy link). */}
            <RoomLinkContext.Provider value={roomId}>
              <MessageList
                key={nickname}
                room={room}
                nickname={nickname}
                // What its beginning names: 'This is the beginning of …'.
                roomName={
                  props.direct && roomName
                    ? `your conversation with ${roomName}`
                    : roomName || 'this room'
                }
                moderator={moderator}
                jumpTo={jumpTo ?? null}
                unread={unreadAtOpen}
                unreadLineRef={unreadLine.lineRef}
              />
            </RoomLinkContext.Provider>
          </Container>
          <MessageForm
            roomId={roomId}
            accountId={user.id}
            onSend={(text, options) => {
              typing.reset();
              return room.send(text, options);
            }}
            onEdit={(messageId, text) => room.edit(messageId, text)}
            returned={returned}
            takeReturned={room.takeReturned}
            newestOwn={composer.newestOwn}
            members={composer.members}
            onMentionPrefix={composer.onMentionPrefix}
            onTyping={typing.typed}
            status={
              <>
                <ConnectionStatus
                  state={connectionState}
                  refused={refused}
                  onReconnect={room.reconnect}
                />
                <RoomTypingLine room={room} />
                <ReplyTargetWatch room={room} />
                <MessageBarJump
                  showsPast={showsPast}
                  onJumpToLatest={room.jumpToLatest}
                  unseen={unseenHere}
                  unreadLine={unreadLine}
                />
              </>
            }
            scrollTop={<ScrollToTopButton />}
          />
        </ComposerIntentProvider>
      </PinsProvider>
      {renderDrawer({ opened: drawerOpened, onClose: drawer.close })}
      {/* Only a refusal blocks the screen; a dropped connection is the status line's. */}
      <ChatErrorDialog error={refused ? error.message : null} />
    </Box>
  );
}
