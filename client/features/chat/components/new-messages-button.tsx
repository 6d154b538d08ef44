import { Button } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { unreadLabel } from '../../../lib/unread/read-marks';
import { keepFocusInMessageBar } from '../utils/focus-message-box';

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
    <Button
      size="compact-sm"
      variant="light"
      radius="xl"
      mb={6}
      leftSection={<IconArrowDown size={14} aria-hidden />}
      onClick={(event) => {
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'smooth' });
        keepFocusInMessageBar(event);
      }}
    >
      {count === 1 ? '1 new message' : `${unreadLabel(count)} new messages`}
    </Button>
  );
}
