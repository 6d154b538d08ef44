import { IconArrowUp } from '@tabler/icons-react';
import { MessageBarButton } from './message-bar-button';

interface JumpToUnreadButtonProps {
  /** Takes the view up to the 'New messages' line (hooks/use-unread-line-jump.ts). */
  onJump: () => void;
}

/**
 * For a reader who opened the room at its end with the 'New messages' line far above: takes
 * them up to where the unread begins. It sits in the message bar, above the box, like the
 * other jumps.
 */
export function JumpToUnreadButton({ onJump }: JumpToUnreadButtonProps) {
  return (
    <MessageBarButton icon={IconArrowUp} onClick={onJump}>
      Jump to first unread
    </MessageBarButton>
  );
}
