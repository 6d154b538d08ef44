import { memo, useRef } from 'react';
import { Box, Group, Paper, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { ChatMessage } from '../../../../contract/realtime';
import { useComposerActions } from '../composer/composer-intent';
import { MessageFiles } from '../files/message-files';
import { PinnedMark } from '../pins/pinned-mark';
import { focusAfterDeletion } from '../utils/focus-after-deletion';
import { fullDate, shortTime } from '../utils/message-dates';
import { sanitizeHtml } from '../utils/sanitize-html';
import classes from './chat.module.css';
import { MessageActions } from './message-actions';
import { ReactionChips } from './reaction-chips';
import { ReplyQuote } from './reply-quote';
import { SeenBy } from './seen-by';

export interface MessageBubbleProps {
  message: ChatMessage;
  own: boolean;
  /** The reader's nickname: their reactions show pressed. */
  viewer: string;
  /** The message mentions the reader. */
  mentionsMe?: boolean;
  /** Just taken to from a reply's quote: marked for a moment. */
  highlighted?: boolean;
  /** Who has read it, under the reader's newest message others have read. */
  seenBy?: readonly string[];
  /** The reader may delete it: their own, or they are the room's owner or an administrator. */
  canDelete?: boolean;
  onShowOriginal: (messageId: number) => void;
  onReact: (messageId: number, emoji: string) => void;
  onDelete: (messageId: number) => void;
}

/**
 * One message. The spec puts the person's own messages on the left, highlighted, and everyone
 * else's on the right; the author's name sits below the text, with the time it was said (the
 * full date on hover), '(edited)' once it was and 'Pinned' while it is. A reply quotes what it
 * answers above its text, the reactions follow the bubble, and a deleted message is a
 * placeholder.
 */
export const MessageBubble = memo(function MessageBubble(props: MessageBubbleProps) {
  const { message, own, viewer, mentionsMe, highlighted, seenBy, canDelete = own } = props;
  const { onShowOriginal, onReact, onDelete } = props;
  // Reply and Edit go to the message box (its intent); these never change.
  const composer = useComposerActions();
  const iso = new Date(message.createdAt).toISOString();
  const id = typeof message.id === 'number' ? message.id : null;
  const itemRef = useRef<HTMLLIElement>(null);
  const bubbleClass = [
    own ? classes.own : classes.others,
    mentionsMe && !message.deleted ? classes.mentionsMe : '',
    highlighted ? classes.highlighted : '',
  ].join(' ');
  return (
    <Box
      component="li"
      ref={itemRef}
      data-own={own || undefined}
      data-message-id={message.id}
      data-mentions-me={(mentionsMe && !message.deleted) || undefined}
      data-highlighted={highlighted || undefined}
      data-deleted={message.deleted || undefined}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: own ? 'flex-start' : 'flex-end',
      }}
    >
      {message.deleted ? (
        <Paper
          px="md"
          py="xs"
          radius="lg"
          maw="80%"
          className={`${bubbleClass} ${classes.deleted}`}
        >
          <Text size="sm" fs="italic" c="dimmed">
            Message deleted
          </Text>
        </Paper>
      ) : (
        <Box maw="80%">
          <MessageActions
            message={message}
            own={own}
            canEdit={own}
            canDelete={canDelete}
            onReply={() => composer.reply(message)}
            onEdit={() => composer.edit(message)}
            onDelete={() => {
              if (id === null) return;
              // Its actions button goes with its content: the focus goes on to the next
              // message's rather than falling to the start of the page.
              if (itemRef.current) focusAfterDeletion(itemRef.current);
              onDelete(id);
            }}
            onReact={(emoji) => id !== null && onReact(id, emoji)}
          >
            <Paper px="md" py="xs" radius="lg" className={bubbleClass} data-bubble>
              {message.replyTo && <ReplyQuote replyTo={message.replyTo} onShow={onShowOriginal} />}
              {message.files && message.files.length > 0 && <MessageFiles files={message.files} />}
              {/* A message of files alone has no words, and no empty box for them. */}
              {(message.text || !message.files?.length) && (
                <div
                  className={classes.content}
                  dangerouslySetInnerHTML={{ __html: sanitizeHtml(message.text) }}
                />
              )}
            </Paper>
          </MessageActions>
        </Box>
      )}
      {!message.deleted && id !== null && message.reactions && message.reactions.length > 0 && (
        <ReactionChips
          reactions={message.reactions}
          viewer={viewer}
          onToggle={(emoji) => onReact(id, emoji)}
        />
      )}
      <Text size="xs" c="dimmed" mt={2}>
        <Text span inherit fw={own ? 600 : undefined}>
          {message.user}
        </Text>
        {' · '}
        <time dateTime={iso} title={fullDate(message.createdAt)}>
          {shortTime(message.createdAt)}
        </time>
        {message.editedAt !== undefined && !message.deleted && (
          <>
            {' '}
            <span title={`Edited ${fullDate(message.editedAt)}`}>(edited)</span>
          </>
        )}
        {id !== null && !message.deleted && <PinnedMark messageId={id} />}
      </Text>
      {seenBy && seenBy.length > 0 && <SeenBy readers={seenBy} />}
    </Box>
  );
});

/** A message the person sent that the room has not stored yet: 'Sending…' until it has. */
export function PendingBubble(props: { text: string; files?: number; waiting: boolean }) {
  const { text, files = 0, waiting } = props;
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
        {files > 0 && (
          <Group gap={4} wrap="nowrap">
            <IconPaperclip size={14} aria-hidden />
            <Text span size="sm">
              {files === 1 ? '1 file' : `${files} files`}
            </Text>
          </Group>
        )}
        {text}
      </Paper>
      <Text size="xs" c="dimmed" mt={2}>
        {waiting ? 'Sending… (waiting for the connection)' : 'Sending…'}
      </Text>
    </Box>
  );
}
