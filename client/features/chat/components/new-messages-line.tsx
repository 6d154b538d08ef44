import { Divider } from '@mantine/core';
import classes from './chat.module.css';

/** The line above the first message that was unread when the person opened the room. */
export function NewMessagesLine() {
  return (
    <Divider
      // A separator's name is not taken from its text.
      aria-label="New messages"
      label="New messages"
      labelPosition="right"
      my="sm"
      classNames={{ root: classes.newMessages, label: classes.newMessagesLabel }}
    />
  );
}
