import { Button } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { keepFocusInMessageBar } from '../utils/focus-message-box';

interface MessageBarButtonProps {
  icon: Icon;
  /** Its work; the focus is seen to first. */
  onClick: () => void;
  children: ReactNode;
}

/**
 * A button of the message bar, above the box (the new-messages and jump-to-latest buttons):
 * a small light pill that goes away once it has done its work, so a keyboard press leaves the
 * focus in the message box rather than at the page's start.
 */
export function MessageBarButton({ icon: ButtonIcon, onClick, children }: MessageBarButtonProps) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      radius="xl"
      mb={6}
      leftSection={<ButtonIcon size={14} aria-hidden />}
      onClick={(event) => {
        keepFocusInMessageBar(event);
        onClick();
      }}
    >
      {children}
    </Button>
  );
}
