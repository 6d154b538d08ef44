import { Box, CloseButton, Group, Text } from '@mantine/core';
import { IconArrowBackUp, IconPencil } from '@tabler/icons-react';
import { REPLY_EXCERPT_MAX } from '../../../../contract/realtime';
import type { ComposerIntent } from './composer-intent';
import classes from './composer.module.css';
import { excerpt } from './plain-text';

/** Above the box while it replies or edits: to what, and a way back to a new message. */
export function IntentBanner({
  intent,
  onCancel,
}: {
  intent: ComposerIntent;
  onCancel: () => void;
}) {
  const replying = intent.kind === 'reply';
  const Icon = replying ? IconArrowBackUp : IconPencil;
  return (
    // Marked for reply-target-watch.tsx, which ends a reply whose message was deleted.
    <Group
      gap="xs"
      wrap="nowrap"
      mb={6}
      px="sm"
      py={4}
      className={classes.banner}
      data-intent-banner
    >
      <Icon size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text size="xs" fw={600}>
          {replying ? `Replying to ${intent.message.user}` : 'Editing message'}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {replying ? excerpt(intent.message, REPLY_EXCERPT_MAX) : 'Enter to save, Esc to cancel'}
        </Text>
      </Box>
      {/* 24 px, as WCAG 2.5.8 asks of a target; the banner's two lines are taller still. */}
      <CloseButton
        size={24}
        aria-label={replying ? 'Cancel reply' : 'Cancel editing'}
        onClick={onCancel}
      />
    </Group>
  );
}
