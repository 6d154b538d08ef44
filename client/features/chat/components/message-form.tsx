import { useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Button, Container, Group, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { MESSAGE_MAX_LENGTH } from '../../../../contract/realtime';
import { EmojiButton } from './emoji-button';

type SendResult = { ok: true } | { ok: false; error: string };

/** The count of characters shows once this few are left (or the text is over). */
const COUNT_FROM_LEFT = 200;

interface MessageFormProps {
  onSend: (text: string) => Promise<SendResult> | void;
  /** The connection status, shown above the box. */
  status?: ReactNode;
  /** The scroll-to-top button: in the bar, where it can never cover a message. */
  scrollTop?: ReactNode;
  /** A keystroke that leaves text in the box (the typing indicator; throttled by the caller). */
  onTyping?: () => void;
}

/**
 * The message box, kept at the bottom of the window. Enter sends, Shift+Enter starts a new
 * line (the help dialog promises both); blank text is never sent. The box empties at once (the
 * message waits as 'Sending…' while it travels); if the room refuses it, the text comes back
 * (after anything typed meanwhile) with the reason beside the box. Text over the
 * room's limit stays whole in the box (a paste is not cut short) with its count in red, and
 * is not sent until shortened.
 */
export function MessageForm({ onSend, status, scrollTop, onTyping }: MessageFormProps) {
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const length = text.trim().length;
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const counted = length > MESSAGE_MAX_LENGTH - COUNT_FROM_LEFT;

  const send = () => {
    const trimmed = text.trim();
    if (!trimmed || tooLong) return;
    setText('');
    setRefusal(null);
    void Promise.resolve(onSend(trimmed)).then((result) => {
      if (!result || result.ok) return;
      // Never lost: after whatever was typed since (several refusals come back in order).
      setText((current) => (current === '' ? text : `${current}\n${text}`));
      setRefusal(result.error);
    });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes a character, Enter confirms it rather than sending.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <Box
      // Where the bar's passing buttons hand the focus back to the box (focus-message-box.ts).
      data-message-bar
      pos="sticky"
      bottom={0}
      py="sm"
      bg="var(--mantine-color-body)"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 90 }}
    >
      <Container size="md">
        {status}
        <form onSubmit={handleSubmit} aria-label="Send a message">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <EmojiButton
              onPick={(emoji) => {
                setText((current) => current + emoji);
                inputRef.current?.focus();
              }}
            />
            <Textarea
              ref={inputRef}
              aria-label="Message"
              placeholder="type your message..."
              required
              autosize
              minRows={1}
              maxRows={5}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                if (event.currentTarget.value === '') setRefusal(null);
                else onTyping?.();
              }}
              onKeyDown={handleKeyDown}
              // Mantine sets aria-invalid from `error` (and drops one passed directly); the
              // reasons below are announced as they appear (role alert, aria-live).
              error={Boolean(refusal) || tooLong}
              style={{ flex: 1 }}
            />
            {scrollTop}
            <Button type="submit" rightSection={<IconSend size={16} aria-hidden />}>
              Send
            </Button>
          </Group>
          {counted && (
            <Text
              id="message-length"
              size="xs"
              c={tooLong ? 'red' : 'dimmed'}
              mt={4}
              aria-live="polite"
            >
              {length} / {MESSAGE_MAX_LENGTH}
              {tooLong &&
                ` characters: too long to send, shorten it by ${length - MESSAGE_MAX_LENGTH}`}
            </Text>
          )}
          {refusal && (
            <Text id="message-refusal" role="alert" size="sm" c="red" mt={4}>
              Not sent: {refusal}
            </Text>
          )}
        </form>
      </Container>
    </Box>
  );
}
