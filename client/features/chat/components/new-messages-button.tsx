import { IconArrowDown } from '@tabler/icons-react';
import { unreadLabel } from '../../../lib/unread/read-marks';
import { scrollMotion } from '../utils/scroll-motion';
import { MessageBarButton } from './message-bar-button';

interface NewMessagesButtonProps {
  /** Others' messages that came after what the reader has seen. */
  count: number;
}

/**
 * For a reader scrolled back through the history: says that new messages came, and takes the
 * view down to them. It sits in the message bar, above the box, so it never covers a message.
 */
export function NewMessagesButton({ count }: NewMessagesButtonProps) {
  if (count === 0) return null;
  return (
    <MessageBarButton
      icon={IconArrowDown}
      onClick={() =>
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: scrollMotion() })
      }
    >
      {count === 1 ? '1 new message' : `${unreadLabel(count)} new messages`}
    </MessageBarButton>
  );
}
