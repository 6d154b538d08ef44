import { useCallback, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { RoomsDrawer } from '../../features/rooms/components/rooms-drawer';
import { RoomSwitcherShortcut } from '../../features/rooms/components/room-switcher';
import { useIsRoomOwner, useRoomNickname } from '../../features/rooms/hooks/use-room-nickname';
import { useUnreadTotal } from '../../features/rooms/hooks/use-unread-total';
import { useRoomNotificationLevel } from '../../features/rooms/hooks/use-notification-level';
import { useRoomChangedRefresh } from '../../features/rooms/api/refresh-room';
import { ShareMenu } from '../../features/share/components/share-menu';
import { ConversationMenu } from '../../features/direct/components/conversation-menu';
import { MessagePrivatelyButton } from '../../features/direct/components/message-privately-button';
import { MessagePrivatelyMenuItem } from '../../features/direct/components/message-privately-menu-item';
import {
  PersonActionsProvider,
  PersonMenuItemsProvider,
  type AuthorActions,
  type PersonActions,
} from '../../lib/person-actions';
import { useRoomSummary } from '../../features/rooms/hooks/use-room-summary';
import { useSession } from '../../lib/session/use-session';
import { readStored, storageKeys } from '../../lib/storage';

const messagePrivately: PersonActions = (fromRoomId, nickname) => (
  <MessagePrivatelyButton fromRoomId={fromRoomId} nickname={nickname} />
);
const messagePrivatelyItem: AuthorActions = (fromRoomId, author) => (
  <MessagePrivatelyMenuItem fromRoomId={fromRoomId} {...author} />
);
const noActions = () => null;

/** /chat: back to the current room if there is one, else to the join screen. */
function CurrentRoomRedirect() {
  const { user } = useSession();
  const roomId = user?.roomId || readStored(storageKeys.joinedRoomId);
  return <Navigate to={roomId ? `/chat/${encodeURIComponent(roomId)}` : '/join'} replace />;
}

/**
 * /chat/:roomId. The chat feature knows nothing of rooms or sharing; this route composes the
 * three, and remounts the screen per room so that switching starts from a clean slate.
 */
function RoomChat({ roomId }: { roomId: string }) {
  const nickname = useRoomNickname(roomId);
  // A room the list does not hold is asked about only once it has let the person in: a
  // stranger on one of its links would be refused each time, and the socket's refusal says why.
  const [joined, setJoined] = useState(false);
  const onJoined = useCallback(() => setJoined(true), []);
  const owner = useIsRoomOwner(roomId, joined);
  // The other rooms' unread messages, for the tab's title.
  const unreadElsewhere = useUnreadTotal(roomId);
  // A private conversation: named after the other person, a Block menu instead of sharing.
  const summary = useRoomSummary(roomId, joined);
  const directName = summary?.direct ? summary.name : undefined;
  const notificationLevel = useRoomNotificationLevel(roomId, joined);
  const refreshRoom = useRoomChangedRefresh(roomId);
  if (!nickname) return <LoadingScreen />;

  return (
    // 'Message privately' beside each person of the online list and the members list, and in
    // the menu of each person's message (not in a private conversation: it would open the same
    // one).
    <PersonActionsProvider value={directName === undefined ? messagePrivately : noActions}>
      <PersonMenuItemsProvider value={directName === undefined ? messagePrivatelyItem : noActions}>
        {/* Not keyed by the nickname: a rename (in another tab) keeps what is typed in the box. */}
        <ChatScreen
          key={roomId}
          roomId={roomId}
          nickname={nickname}
          unreadElsewhere={unreadElsewhere}
          moderator={owner}
          direct={directName !== undefined}
          notificationLevel={notificationLevel}
          lastReadId={summary?.lastReadId}
          roomName={directName}
          onRoomChanged={refreshRoom}
          onJoined={onJoined}
          renderShare={(roomName) =>
            directName !== undefined ? (
              <ConversationMenu roomId={roomId} otherName={directName} />
            ) : (
              <ShareMenu roomId={roomId} roomName={roomName} />
            )
          }
          renderDrawer={({ opened, onClose }) => (
            <RoomsDrawer roomId={roomId} opened={opened} onClose={onClose} />
          )}
        />
        {/* Ctrl+K: another room by its name. */}
        <RoomSwitcherShortcut currentRoomId={roomId} />
      </PersonMenuItemsProvider>
    </PersonActionsProvider>
  );
}

export default function ChatRoute() {
  const { roomId } = useParams();
  return roomId ? <RoomChat key={roomId} roomId={roomId} /> : <CurrentRoomRedirect />;
}
