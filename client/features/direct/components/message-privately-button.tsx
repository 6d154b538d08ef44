import { IconMessageCircle } from '@tabler/icons-react';
import { BusyButton } from '../../../components/ui/busy-button';
import { useMessagePrivately } from '../hooks/use-message-privately';

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
  const { offered, start, pending } = useMessagePrivately(fromRoomId, nickname);
  if (!offered) return null;
  return (
    <BusyButton
      variant="light"
      size="compact-xs"
      leftSection={<IconMessageCircle size={14} aria-hidden />}
      // The visible words first in the name (WCAG 2.5.3), then whom it is for.
      aria-label={`Message privately with ${nickname}`}
      busy={pending}
      loader
      onClick={start}
      style={{ flexShrink: 0 }}
    >
      Message privately
    </BusyButton>
  );
}
