import type { Pin } from '../../../../contract/pins';
import { MessageLink, MessageLinkList } from '../search/message-link';
import { usePinRoom } from './pins-context';
import classes from './pins.module.css';
import { UnpinButton } from './unpin-button';

interface PinsListProps {
  pins: readonly Pin[];
  /** A pin was chosen: the list of messages takes the reader to it. */
  onPick: (messageId: number) => void;
}

/**
 * The room's pins, newest pin first: each a button with its author, time and words, and beside
 * it Unpin for those who may pin (the same rule as a message's Pin and Unpin).
 */
export function PinsList({ pins, onPick }: PinsListProps) {
  const room = usePinRoom();
  return (
    <div className={classes.scroll}>
      <MessageLinkList label="Pinned messages">
        {pins.map((pin) => (
          <MessageLink
            key={pin.id}
            user={pin.user}
            createdAt={pin.createdAt}
            onPick={() => onPick(pin.id)}
            aside={room && <UnpinButton room={room} pin={pin} />}
          >
            {pin.excerpt}
          </MessageLink>
        ))}
      </MessageLinkList>
    </div>
  );
}
