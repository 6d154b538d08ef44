import { Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';

/** The person mark of a private conversation, before its name (the room list, the header). */
export function PrivateMark() {
  // The space after it keeps 'Private conversation: Bob' two words in the heading's name.
  return (
    <>
      <Text
        component="span"
        c="dimmed"
        role="img"
        aria-label="Private conversation:"
        title="Private conversation"
        style={{ verticalAlign: '-0.15em' }}
      >
        <IconUser size={18} aria-hidden />
      </Text>{' '}
    </>
  );
}
