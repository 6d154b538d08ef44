import { useEffect, useRef } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ChatMessage } from '../../../../contract/realtime';
import { MessageBubble } from './message-bubble';

interface MessageListProps {
  messages: ChatMessage[];
  historyLoaded: boolean;
  nickname: string;
}

/** A spinner until the history arrives, then the conversation, scrolled to its end. */
export function MessageList({ messages, historyLoaded, nickname }: MessageListProps) {
  const endRef = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;

  useEffect(() => {
    if (historyLoaded) endRef.current?.scrollIntoView({ behavior: 'smooth', block: 'end' });
  }, [historyLoaded, last]);

  if (!historyLoaded) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading messages" />
      </Center>
    );
  }
  if (messages.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        No messages yet...
      </Text>
    );
  }

  const mine = nickname.toLowerCase();
  return (
    <div role="log" aria-label="Messages">
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            own={message.user.toLowerCase() === mine}
          />
        ))}
      </Stack>
      {/* The margin keeps the newest message clear of the message box fixed below it. */}
      <div ref={endRef} style={{ scrollMarginBottom: 100 }} />
    </div>
  );
}
