import { Text, UnstyledButton } from '@mantine/core';
import type { ReplyRef } from '../../../../contract/realtime';
import classes from './chat.module.css';

/**
 * Above a reply's text: who wrote the message it answers and its first words, or that it was
 * deleted. A button: it takes the reader to the original (loading older pages if it must).
 */
export function ReplyQuote({
  replyTo,
  onShow,
}: {
  replyTo: ReplyRef;
  onShow: (messageId: number) => void;
}) {
  const gone = 'deleted' in replyTo;
  return (
    <UnstyledButton
      className={classes.quote}
      onClick={() => onShow(replyTo.id)}
      aria-label={
        gone
          ? 'Reply to a deleted message: show where it was'
          : `Reply to ${replyTo.user}: ${replyTo.excerpt}. Show the original`
      }
    >
      {gone ? (
        <Text size="xs" fs="italic" c="dimmed">
          Original message deleted
        </Text>
      ) : (
        <>
          <Text size="xs" fw={600}>
            {replyTo.user}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {replyTo.excerpt}
          </Text>
        </>
      )}
    </UnstyledButton>
  );
}
