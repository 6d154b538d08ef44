import { useState } from 'react';
import { Popover, Text, UnstyledButton } from '@mantine/core';
import { IconPinned } from '@tabler/icons-react';
import type { RoomConnection } from '../connection/room-state';
import { useRoomState } from '../hooks/use-room-state';
import { PinsList } from './pins-list';
import classes from './pins.module.css';

interface PinsButtonProps {
  room: RoomConnection;
  /** A pin was chosen (the list has closed). */
  onPick: (messageId: number) => void;
}

/**
 * The room's pins, as a bar across the foot of the chat header (a phone's header has no room
 * for one more icon): how many, and the newest pin's words; it opens the list of them, and
 * choosing one closes it and the list of messages jumps there. No pins: no bar.
 */
export function PinsButton({ room, onPick }: PinsButtonProps) {
  const pins = useRoomState(room, (state) => state.pins);
  const [opened, setOpened] = useState(false);
  if (pins.length === 0) return null;
  const label = pins.length === 1 ? '1 pinned message' : `${pins.length} pinned messages`;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      width="min(24rem, 90vw)"
      shadow="md"
      trapFocus
      returnFocus
      withRoles={false}
    >
      <Popover.Target>
        <UnstyledButton
          className={classes.bar}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((was) => !was)}
        >
          <IconPinned size={16} aria-hidden className={classes.barIcon} />
          {/* The label first: it is what the button is called, the words after it a preview. */}
          <Text span size="xs" fw={600} className={classes.barLabel}>
            {label}
          </Text>
          <Text span size="xs" c="dimmed" truncate="end" className={classes.barPreview}>
            {pins[0]?.excerpt}
          </Text>
        </UnstyledButton>
      </Popover.Target>
      {/* Focusable, for the focus to land on when an Unpin goes with its pin (unpin-button.tsx). */}
      <Popover.Dropdown p="xs" role="dialog" aria-label="Pinned messages" tabIndex={-1}>
        <Text fw={600} size="sm" mb="xs">
          Pinned messages
        </Text>
        <PinsList
          pins={pins}
          onPick={(messageId) => {
            setOpened(false);
            onPick(messageId);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
