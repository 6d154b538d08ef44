import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useScrolledPast } from '../../../hooks/use-scrolled-past';

/** Spec point 9: the button appears past the window height minus 400 px of scroll. */
const THRESHOLD_OFFSET_PX = 400;

export function ScrollToTopButton() {
  const { height } = useViewportSize();
  const visible = useScrolledPast((height || window.innerHeight) - THRESHOLD_OFFSET_PX);

  return (
    // Above the message form, which keeps the bottom of the window.
    <Affix position={{ bottom: 96, right: 20 }}>
      <Transition transition="slide-up" mounted={visible}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            aria-label="Scroll to top"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            <IconArrowUp size={22} aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
