import { IconMessageCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { BusyButton } from '../../../components/ui/busy-button';
import { useSession } from '../../../lib/session/use-session';
import { useOpenDirect } from '../api/direct-messages';
import { showRequestError } from '../../../components/ui/request-error-toast';

interface MessagePrivatelyButtonProps {
  /** The room where both are members, and where `nickname` is theirs. */
  fromRoomId: string;
  nickname: string;
}

/**
 * 'Message privately' beside a member: opens the private conversation with them (made on the
 * first click, the same one afterwards) and goes to it. Not shown beside the person themself.
 */
export function MessagePrivatelyButton({ fromRoomId, nickname }: MessagePrivatelyButtonProps) {
  const { user, enterRoom } = useSession();
  const navigate = useNavigate();
  const open = useOpenDirect();
  const own = user?.roomId === fromRoomId ? user.activeNickname : null;
  if (!user || own?.toLowerCase() === nickname.toLowerCase()) return null;

  // The visible words first in the name (WCAG 2.5.3), then whom it is for.
  const label = `Message privately with ${nickname}`;
  const start = () =>
    open.mutate(
      { fromRoomId, nickname },
      {
        onSuccess: ({ roomId, activeNickname }) => {
          // The chat screen knows its nickname at once, before the room list comes back.
          enterRoom(roomId, activeNickname);
          void navigate(`/chat/${encodeURIComponent(roomId)}`);
        },
        onError: (error) => showRequestError(error, "Couldn't open a private conversation"),
      },
    );

  return (
    <BusyButton
      variant="light"
      size="compact-xs"
      leftSection={<IconMessageCircle size={14} aria-hidden />}
      aria-label={label}
      busy={open.isPending}
      loader
      onClick={start}
      style={{ flexShrink: 0 }}
    >
      Message privately
    </BusyButton>
  );
}
