import type { Pin } from '../../../../contract/pins';
import { MessageLink, MessageLinkList } from '../search/message-link';
import classes from './pins.module.css';

interface PinsListProps {
  pins: readonly Pin[];
  /** A pin was chosen: the list of messages takes the reader to it. */
  onPick: (messageId: number) => void;
}

/** The room's pins, newest pin first: each a button with its author, time and words. */
export function PinsList({ pins, onPick }: PinsListProps) {
  return (
    <div className={classes.scroll}>
      <MessageLinkList label="Pinned messages">
        {pins.map((pin) => (
          <MessageLink
            key={pin.id}
            user={pin.user}
            createdAt={pin.createdAt}
            onPick={() => onPick(pin.id)}
          >
            {pin.excerpt}
          </MessageLink>
        ))}
      </MessageLinkList>
    </div>
  );
}
