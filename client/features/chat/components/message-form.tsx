import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Box, Button, Container, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { MESSAGE_MAX_LENGTH } from '../../../../contract/realtime';
import { EmojiButton } from './emoji-button';

/**
 * The message box, kept at the bottom of the window. Enter sends, Shift+Enter starts a new
 * line (the help dialog promises both); blank text is never sent.
 */
export function MessageForm({ onSend }: { onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const send = () => {
    const trimmed = text.trim();
    if (!trimmed) return;
    onSend(trimmed);
    setText('');
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
      pos="sticky"
      bottom={0}
      py="sm"
      bg="var(--mantine-color-body)"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 90 }}
    >
      <Container size="md">
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
              maxLength={MESSAGE_MAX_LENGTH}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={handleKeyDown}
              style={{ flex: 1 }}
            />
            <Button type="submit" rightSection={<IconSend size={16} aria-hidden />}>
              Send
            </Button>
          </Group>
        </form>
      </Container>
    </Box>
  );
}
