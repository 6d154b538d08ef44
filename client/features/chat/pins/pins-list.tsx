import { Group, Text, UnstyledButton } from '@mantine/core';
import type { Pin } from '../../../../contract/pins';
import { formatTime } from '../search/format-time';
import classes from './pins.module.css';

interface PinsListProps {
  pins: readonly Pin[];
  /** A pin was chosen: the list of messages takes the reader to it. */
  onPick: (messageId: number) => void;
}

/** The room's pins, newest pin first: each a button with its author, time and words. */
export function PinsList({ pins, onPick }: PinsListProps) {
  return (
    <ul className={classes.pins} aria-label="Pinned messages">
      {pins.map((pin) => (
        <li key={pin.id}>
          <UnstyledButton className={classes.pin} onClick={() => onPick(pin.id)}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text fw={600} size="sm" truncate="end">
                {pin.user}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatTime(pin.createdAt)}
              </Text>
            </Group>
            <Text size="sm" className={classes.excerpt}>
              {pin.excerpt}
            </Text>
          </UnstyledButton>
        </li>
      ))}
    </ul>
  );
}
