import { useId, useState } from 'react';
import { Button, List, Popover, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { useParams } from 'react-router';
import type { RoomData } from '../../../../contract/realtime';
import { usePersonActions } from '../../../lib/person-actions';
import classes from './chat.module.css';

/**
 * 'N online' in the header; a click lists who (the room's presence, roomData), each with
 * 'Message privately' (but the person themself).
 */
export function OnlinePeople({ users }: { users: RoomData['users'] | null }) {
  // The chat's route names the room, and composes in what is offered beside each person
  // ('Message privately').
  const { roomId } = useParams();
  const personActions = usePersonActions();
  const count = users?.length ?? 0;
  const titleId = useId();
  const [opened, setOpened] = useState(false);
  // Wherever the focus is: Mantine's own Escape listens inside the dropdown only, so one
  // opened by a click (the focus left on its button) stayed open.
  useHotkeys([['Escape', () => setOpened(false), { preventDefault: false }]]);
  return (
    // The list is drawn at the end of the page (a portal): the focus goes into it, so that Tab
    // reaches 'Message privately', and comes back to the button when it closes.
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      shadow="md"
      withArrow
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Button
          variant="subtle"
          size="compact-xs"
          // Mantine's compact-xs is 22 px tall: a tap target is 24 at least (WCAG 2.5.8).
          h={24}
          color="gray"
          px={4}
          leftSection={<IconUsers size={14} aria-hidden />}
          aria-label={`${count} online: show who`}
          disabled={users === null}
          onClick={() => setOpened((open) => !open)}
        >
          {count}
          <span className={classes.onlineWord}>&nbsp;online</span>
        </Button>
      </Popover.Target>
      {/* Named by its title rather than by the button, which Mantine would use. */}
      <Popover.Dropdown aria-labelledby={titleId} maw={260}>
        <Text id={titleId} size="sm" fw={600} mb={4}>
          People online
        </Text>
        <List size="sm" spacing={4} listStyleType="none">
          {(users ?? []).map(({ nickname }) => (
            <List.Item
              key={nickname}
              classNames={{
                itemWrapper: classes.onlinePersonLine,
                itemLabel: classes.onlinePerson,
              }}
            >
              <span className={classes.onlinePersonName}>{nickname}</span>
              {roomId && personActions(roomId, nickname)}
            </List.Item>
          ))}
        </List>
      </Popover.Dropdown>
    </Popover>
  );
}
