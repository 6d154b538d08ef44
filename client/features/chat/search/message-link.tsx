import type { ReactNode } from 'react';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { listedTime } from '../utils/message-dates';
import classes from './message-link.module.css';

/** A list of MessageLinks (search results, pins), named for screen readers. */
export function MessageLinkList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={classes.list} aria-label={label}>
      {children}
    </ul>
  );
}

interface MessageLinkProps {
  user: string;
  createdAt: number;
  /** The message's words as the list shows them (a snippet with its matches, an excerpt). */
  children: ReactNode;
  onPick: () => void;
  /** A control of its own beside the link (a pin's Unpin): a button may not hold another. */
  aside?: ReactNode;
}

/**
 * One message found elsewhere than in the history (a search result, a pin): its author, time
 * and words, a button that takes the history there.
 */
export function MessageLink({ user, createdAt, children, onPick, aside }: MessageLinkProps) {
  return (
    <li className={classes.item}>
      <UnstyledButton className={classes.link} onClick={onPick}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm" truncate="end">
            {user}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {listedTime(createdAt)}
          </Text>
        </Group>
        <Text size="sm" className={classes.words}>
          {children}
        </Text>
      </UnstyledButton>
      {aside}
    </li>
  );
}
