import { memo } from 'react';
import { Box, Paper, Text } from '@mantine/core';
import type { ChatMessage } from '../../../../contract/realtime';
import { fullDate, shortTime } from '../utils/message-dates';
import { sanitizeHtml } from '../utils/sanitize-html';
import classes from './chat.module.css';

/**
 * One message. The spec puts the person's own messages on the left, highlighted, and everyone
 * else's on the right; the author's name sits below the text, with the time it was said (the
 * full date on hover).
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  own,
}: {
  message: ChatMessage;
  own: boolean;
}) {
  const iso = new Date(message.createdAt).toISOString();
  return (
    <Box
      component="li"
      data-own={own || undefined}
      data-message-id={message.id}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: own ? 'flex-start' : 'flex-end',
      }}
    >
      <Paper px="md" py="xs" radius="lg" maw="80%" className={own ? classes.own : classes.others}>
        <div
          className={classes.content}
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(message.text) }}
        />
      </Paper>
      <Text size="xs" c="dimmed" mt={2}>
        <Text span inherit fw={own ? 600 : undefined}>
          {message.user}
        </Text>
        {' · '}
        <time dateTime={iso} title={fullDate(message.createdAt)}>
          {shortTime(message.createdAt)}
        </time>
      </Text>
    </Box>
  );
});

/** A message the person sent that the room has not stored yet: 'Sending…' until it has. */
export function PendingBubble({ text, waiting }: { text: string; waiting: boolean }) {
  return (
    <Box
      component="li"
      data-own
      data-pending
      style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}
    >
      <Paper
        px="md"
        py="xs"
        radius="lg"
        maw="80%"
        className={`${classes.own} ${classes.pending}`}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {text}
      </Paper>
      <Text size="xs" c="dimmed" mt={2}>
        {waiting ? 'Sending… (waiting for the connection)' : 'Sending…'}
      </Text>
    </Box>
  );
}
