import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Loader, Popover } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';

// The grid is only fetched the first time someone opens the popover.
const EmojiPicker = lazy(() => import('./emoji-picker'));

/**
 * The smiley button of the message form and its popover of emojis. Picking one closes the
 * popover, so the person can type on straight away.
 */
export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const [opened, setOpened] = useState(false);

  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" shadow="md" trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label="Emoji"
          onClick={() => setOpened((open) => !open)}
        >
          <IconMoodSmile size={22} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading emojis" />}>
          <EmojiPicker
            onPick={(emoji) => {
              setOpened(false);
              onPick(emoji);
            }}
          />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
