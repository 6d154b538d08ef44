import { Box, Paper, Text } from '@mantine/core';
import type { ChatMessage } from '../../../../contract/realtime';
import { sanitizeHtml } from '../utils/sanitize-html';

/**
 * One message. The spec puts the person's own messages on the left, highlighted, and everyone
 * else's on the right; the author's name sits below the text.
 */
export function MessageBubble({ message, own }: { message: ChatMessage; own: boolean }) {
  return (
    <Box
      component="li"
      data-own={own || undefined}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: own ? 'flex-start' : 'flex-end',
      }}
    >
      <Paper
        px="md"
        py="xs"
        radius="lg"
        maw="80%"
        bg={own ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
        withBorder={own}
        style={{ overflowWrap: 'anywhere' }}
      >
        <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(message.text) }} />
      </Paper>
      <Text size="xs" c="dimmed" mt={2} fw={own ? 600 : undefined}>
        {message.user}
      </Text>
    </Box>
  );
}
