import { useNavigate } from 'react-router';
import { showRequestError } from '../../../components/ui/request-error-toast';
import { useSession } from '../../../lib/session/use-session';
import { useOpenDirect } from '../api/direct-messages';

/**
 * Opening the private conversation with `nickname`, a member of `fromRoomId` (made on the first
 * time, the same one afterwards), then going to it; a refusal is a red toast. Not `offered`
 * for the person themself. With `messageId`, the server opens it with the account that wrote
 * that message, whoever holds `nickname` now; `nickname` is then only for the offer.
 */
export function useMessagePrivately(fromRoomId: string, nickname: string, messageId?: number) {
  const { user, enterRoom } = useSession();
  const navigate = useNavigate();
  const open = useOpenDirect();
  const own = user?.roomId === fromRoomId ? user.activeNickname : null;
  const offered = user !== null && own?.toLowerCase() !== nickname.toLowerCase();
  // Awaited rather than given mutate's own callbacks, which do not run once the caller is
  // gone: a menu item (message-privately-menu-item.tsx) closes with its menu on the click.
  const start = () => {
    const whom = messageId === undefined ? { nickname } : { messageId };
    open.mutateAsync({ fromRoomId, ...whom }).then(
      ({ roomId, activeNickname }) => {
        // The chat screen knows its nickname at once, before the room list comes back.
        enterRoom(roomId, activeNickname);
        void navigate(`/chat/${encodeURIComponent(roomId)}`);
      },
      (error: unknown) => showRequestError(error, "Couldn't open a private conversation"),
    );
  };
  return { offered, start, pending: open.isPending };
}
