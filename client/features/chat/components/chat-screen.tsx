import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Box, Container, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useSession } from '../../../lib/session/use-session';
import { removeStored, storageKeys } from '../../../lib/storage';
import { useBackReload } from '../hooks/use-back-reload';
import { useRoomSocket } from '../hooks/use-room-socket';
import { ChatErrorDialog } from './chat-error-dialog';
import { ChatHeader } from './chat-header';
import { MessageForm } from './message-form';
import { MessageList } from './message-list';
import { ScrollToTopButton } from './scroll-to-top-button';

interface ChatScreenProps {
  roomId: string;
  /** The person's nickname in this room: the server's join accepts no other. */
  nickname: string;
  /** The room-list drawer and the share menu belong to other features; the route adds them. */
  renderDrawer: (drawer: { opened: boolean; onClose: () => void }) => ReactNode;
  renderShare: (roomName: string) => ReactNode;
}

/** The chat screen of spec point 2. Mount it with key={roomId}: a new room is a new screen. */
export function ChatScreen({ roomId, nickname, renderDrawer, renderShare }: ChatScreenProps) {
  const { user, loading, logout } = useSession();
  const navigate = useNavigate();
  const [drawerOpened, drawer] = useDisclosure(false);
  const chat = useRoomSocket({
    roomId,
    nickname,
    enabled: !loading && user !== null,
    onRoomDeleted: () => {
      // The stored room is gone; keeping it would send the next visit back to it.
      removeStored(storageKeys.joinedRoomId, storageKeys.activeNickname);
      navigate('/join', { replace: true });
    },
  });
  useBackReload();

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

  return (
    // At least one window tall below the app's top bar, so the message box sits at the bottom.
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <ChatHeader
        connected={chat.connected}
        onOpenRooms={drawer.open}
        onLogout={() => void handleLogout()}
        share={renderShare(chat.roomData?.name || 'this room')}
      />
      <Container size="md" py="md" w="100%" style={{ flex: 1 }}>
        {/* The page's heading, for screen readers: the header already shows the product. */}
        <VisuallyHidden>
          <Title order={1}>{chat.roomData?.name || 'Chat room'}</Title>
        </VisuallyHidden>
        <MessageList
          messages={chat.messages}
          historyLoaded={chat.historyLoaded}
          nickname={nickname}
        />
      </Container>
      <MessageForm onSend={chat.sendMessage} />
      <ScrollToTopButton />
      {renderDrawer({ opened: drawerOpened, onClose: drawer.close })}
      <ChatErrorDialog error={chat.error?.message ?? null} />
    </Box>
  );
}
