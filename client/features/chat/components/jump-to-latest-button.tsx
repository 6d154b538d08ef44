import { IconArrowBarToDown } from '@tabler/icons-react';
import { MessageBarButton } from './message-bar-button';

interface JumpToLatestButtonProps {
  /** Lists the newest messages again (RoomConnection.jumpToLatest). */
  onJump: () => Promise<void>;
}

/**
 * Shown while the list shows a page of the past (after a jump to a search result): lists the
 * newest messages again and takes the view to them. It sits in the message bar, above the box,
 * like the new-messages button it stands in for meanwhile.
 */
export function JumpToLatestButton({ onJump }: JumpToLatestButtonProps) {
  return (
    <MessageBarButton
      icon={IconArrowBarToDown}
      onClick={() => {
        void onJump().then(() =>
          // After the newest page is rendered.
          requestAnimationFrame(() =>
            window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
          ),
        );
      }}
    >
      Jump to latest
    </MessageBarButton>
  );
}
