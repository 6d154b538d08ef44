import { ActionIcon } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useScrolledPast } from '../../../hooks/use-scrolled-past';
import { keepFocusInMessageBar } from '../utils/focus-message-box';
import { scrollMotion } from '../utils/scroll-motion';

/** Spec point 9: the button appears past the window height minus 400 px of scroll. */
const THRESHOLD_OFFSET_PX = 400;

/**
 * Back to the top of the conversation. It sits in the message bar beside the Send button, not
 * over the messages: on a phone a floating button always covered someone's message.
 */
export function ScrollToTopButton() {
  const { height } = useViewportSize();
  const visible = useScrolledPast((height || window.innerHeight) - THRESHOLD_OFFSET_PX);
  if (!visible) return null;

  return (
    <ActionIcon
      size="input-sm"
      variant="default"
      aria-label="Scroll to top"
      onClick={(event) => {
        window.scrollTo({ top: 0, behavior: scrollMotion() });
        keepFocusInMessageBar(event);
      }}
    >
      <IconArrowUp size={20} aria-hidden />
    </ActionIcon>
  );
}
