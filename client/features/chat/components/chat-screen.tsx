import { type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Box, Container, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { PRODUCT_NAME } from '../../../config/constants';
import { useSession } from '../../../lib/session/use-session';
import { useUnreadTitle } from '../../../lib/unread/use-unread-title';
import { useAwayFromEnd } from '../hooks/use-away-from-end';
import { useBackReload } from '../hooks/use-back-reload';
import { useMessageNotifications } from '../hooks/use-message-notifications';
import { useReadMarker } from '../hooks/use-read-marker';
import { useRoomSocket } from '../hooks/use-room-socket';
import { useTypingSignal } from '../hooks/use-typing-signal';
import { useTypists } from '../hooks/use-typists';
import { unseenCount } from '../utils/unseen-count';
import { ChatErrorDialog } from './chat-error-dialog';
import { ChatHeader } from './chat-header';
import { ConnectionStatus } from './connection-status';
import { MessageForm } from './message-form';
import { MessageList } from './message-list';
import { NewMessagesButton } from './new-messages-button';
import { NotificationButton } from './notification-button';
import { ScrollToTopButton } from './scroll-to-top-button';
import { TypingLine } from './typing-line';

/** What /join shows after the room someone was in was deleted. */
export const ROOM_DELETED_NOTICE = 'This room was deleted.';

interface ChatScreenProps {
  roomId: string;
  /** The person's nickname in this room: the server's join accepts no other. */
  nickname: string;
  /** Unread messages in the person's other rooms (the tab's title carries the total). */
  unreadElsewhere?: number;
  /** The room-list drawer and the share menu belong to other features; the route adds them. */
  renderDrawer: (drawer: { opened: boolean; onClose: () => void }) => ReactNode;
  renderShare: (roomName: string) => ReactNode;
}

/** The chat screen of spec point 2. Mount it with key={roomId}: a new room is a new screen. */
export function ChatScreen(props: ChatScreenProps) {
  const { roomId, nickname, unreadElsewhere = 0, renderDrawer, renderShare } = props;
  const { user, loading, logout, enterRoom, forgetRoom } = useSession();
  const navigate = useNavigate();
  const [drawerOpened, drawer] = useDisclosure(false);
  const typists = useTypists();
  const chat = useRoomSocket({
    roomId,
    nickname,
    enabled: !loading && user !== null,
    onRoomDeleted: (notice = ROOM_DELETED_NOTICE) => {
      // The stored room is gone; keeping it would send the next visit back to it.
      forgetRoom();
      navigate('/join', { replace: true, state: { notice } });
    },
    // The connection is joined again under the new one; the box keeps what is typed.
    onNicknameChanged: (renamed) => enterRoom(roomId, renamed),
    onTyping: (typist) => {
      if (typist.toLowerCase() !== nickname.toLowerCase()) typists.heard(typist);
    },
    // Runs on a later event, when `notifications` (which needs the room's name) exists.
    onLiveMessage: (message) => {
      typists.stopped(message.user);
      notifications.notify(message);
    },
  });
  useBackReload();
  const roomName = chat.roomData?.name || '';
  const notifications = useMessageNotifications({ roomId, roomName, nickname });
  const typing = useTypingSignal(chat.signal);
  const { messages, joined, signal } = chat;
  const seenId = useReadMarker({ roomId, messages, joined, signal });

  const unseenHere = unseenCount(messages, seenId, nickname);
  const awayFromEnd = useAwayFromEnd();
  // The tab names the room, led by the unread messages here and in the other rooms.
  useUnreadTitle(
    roomName ? `${roomName} · ${PRODUCT_NAME}` : `Chat · ${PRODUCT_NAME}`,
    unreadElsewhere + unseenHere,
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

  const refused = chat.error?.kind === 'fatal';
  return (
    // At least one window tall below the app's top bar, so the message box sits at the bottom.
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <ChatHeader
        connected={chat.connected}
        roomName={roomName || 'Chat room'}
        users={chat.roomData?.users ?? null}
        onOpenRooms={drawer.open}
        onLogout={() => void handleLogout()}
        share={renderShare(roomName || 'this room')}
        notifications={
          <NotificationButton
            state={notifications.state}
            onEnable={() => void notifications.enable()}
            onDisable={notifications.disable}
          />
        }
      />
      <Container size="md" py="md" w="100%" style={{ flex: 1 }}>
        {/* Its history is loaded again under the new nickname: a fresh list, at the end. */}
        <MessageList
          key={nickname}
          messages={chat.messages}
          pending={chat.pending}
          historyLoaded={chat.historyLoaded}
          nickname={nickname}
          roomName={roomName || 'this room'}
          hasOlder={chat.hasOlder}
          loadingOlder={chat.loadingOlder}
          loadOlder={chat.loadOlder}
        />
      </Container>
      <MessageForm
        onSend={(text) => {
          typing.reset();
          return chat.send(text);
        }}
        onTyping={typing.typed}
        status={
          <>
            <ConnectionStatus
              state={chat.connectionState}
              refused={refused}
              onReconnect={chat.reconnect}
            />
            <TypingLine typists={typists.typists} />
            {awayFromEnd && <NewMessagesButton count={unseenHere} />}
          </>
        }
        scrollTop={<ScrollToTopButton />}
      />
      {renderDrawer({ opened: drawerOpened, onClose: drawer.close })}
      {/* Only a refusal blocks the screen; a dropped connection is the status line's. */}
      <ChatErrorDialog error={refused ? chat.error!.message : null} />
    </Box>
  );
}
