import { useId, useState } from 'react';
import { Popover, Text, UnstyledButton } from '@mantine/core';
import classes from './chat.module.css';

/**
 * 'Seen by N' under the reader's newest message others have read; who they are shows on
 * hover, focus or a tap (leaving, Escape or a tap elsewhere hides it).
 */
export function SeenBy({ readers }: { readers: readonly string[] }) {
  const [opened, setOpened] = useState(false);
  const listId = useId();
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" withArrow shadow="sm">
      <Popover.Target>
        <UnstyledButton
          className={classes.seenBy}
          aria-expanded={opened}
          aria-controls={opened ? listId : undefined}
          // A tap opens it (a touch also sends mouse events, so it must not toggle).
          onClick={() => setOpened(true)}
          onPointerEnter={(event) => event.pointerType === 'mouse' && setOpened(true)}
          onPointerLeave={(event) => event.pointerType === 'mouse' && setOpened(false)}
          onFocus={() => setOpened(true)}
          onBlur={() => setOpened(false)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpened(false);
          }}
        >
          Seen by {readers.length}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Text size="xs" fw={600} mb={2}>
          Seen by
        </Text>
        <ul id={listId} aria-label="Seen by" className={classes.seenList}>
          {readers.map((nickname) => (
            <li key={nickname}>
              <Text size="xs">{nickname}</Text>
            </li>
          ))}
        </ul>
      </Popover.Dropdown>
    </Popover>
  );
}
