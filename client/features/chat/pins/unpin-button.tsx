import { useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconPinnedOff } from '@tabler/icons-react';
import { cutText } from '../../../../contract/cut-text';
import type { Pin } from '../../../../contract/pins';
import type { RoomConnection } from '../connection/room-state';
import { showErrorToast } from '../utils/show-system-notice';
import classes from './pins.module.css';

/** As long as the actions button's quote: enough to tell one person's pins apart. */
const LABEL_EXCERPT = 40;

/**
 * A pin's Unpin in the list, for those who may (pins-list.tsx). The room's `pins` takes the pin
 * away; the focus goes to the dialog, since this button goes with it.
 */
export function UnpinButton({ room, pin }: { room: RoomConnection; pin: Pin }) {
  const [waiting, setWaiting] = useState(false);
  const unpin = (button: HTMLElement) => {
    // Found now: the room sends the list without this pin before it answers, so by the answer
    // this button has left the dialog.
    const dialog = button.closest<HTMLElement>('[role="dialog"]');
    setWaiting(true);
    void room.pin(pin.id, false).then((result) => {
      setWaiting(false);
      // Refused (no longer allowed, deleted meanwhile): the words say why.
      if (!result.ok) return showErrorToast(result.error);
      // Unless the last pin went, and the dialog with it (then Mantine returns the focus).
      if (dialog?.isConnected) dialog.focus({ preventScroll: true });
    });
  };
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      className={classes.unpin}
      aria-label={`Unpin ${pin.user}'s message: "${quote(pin.excerpt)}"`}
      title="Unpin"
      loading={waiting}
      onClick={(event) => unpin(event.currentTarget)}
    >
      <IconPinnedOff size={16} aria-hidden />
    </ActionIcon>
  );
}

/** The pin's words cut as the actions button's quote is (an emoji whole, no space before '…'). */
function quote(excerpt: string): string {
  const words = excerpt.replace(/\s+/g, ' ').trim();
  const cut = cutText(words, LABEL_EXCERPT);
  return cut === words ? words : `${cut.slice(0, -1).trimEnd()}…`;
}
