import { Divider } from '@mantine/core';
import type { Ref } from 'react';
import classes from './chat.module.css';

interface NewMessagesLineProps {
  /** Watched by the chat screen's jump to it (hooks/use-unread-line-jump.ts). */
  ref?: Ref<HTMLDivElement>;
}

/** The line above the first message that was unread when the person opened the room. */
export function NewMessagesLine({ ref }: NewMessagesLineProps) {
  return (
    <Divider
      ref={ref}
      // A separator's name is not taken from its text.
      aria-label="New messages"
      label="New messages"
      labelPosition="right"
      my="sm"
      classNames={{ root: classes.newMessages, label: classes.newMessagesLabel }}
    />
  );
}
