import { IconPin } from '@tabler/icons-react';
import { useIsPinned } from './pins-context';
import classes from './pins.module.css';

/**
 * 'Pinned', with a pin, in a pinned message's line under its bubble, for everyone in the room.
 * Its own component so a pin or an unpin renders again only the marks, never the bubbles.
 */
export function PinnedMark({ messageId }: { messageId: number }) {
  if (!useIsPinned(messageId)) return null;
  return (
    <span className={classes.mark}>
      <IconPin size={12} aria-hidden />
      Pinned
    </span>
  );
}
