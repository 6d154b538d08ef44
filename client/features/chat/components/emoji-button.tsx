import { Suspense, useState } from 'react';
import { ActionIcon, Loader, Popover, Text } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { QuietBoundary } from '../../../components/ui/quiet-boundary';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';

// The grid is only fetched the first time someone opens the popover. A chunk that fails to load
// (offline) leaves the chat as it is, and is loaded again at the next opening.
const EmojiPicker = lazyWithRetry(() => import('./emoji-picker'));

/**
 * The smiley button of the message form and its popover of emojis. Picking one closes the
 * popover, so the person can type on straight away.
 */
export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const [opened, setOpened] = useState(false);
  const [presses, setPresses] = useState(0);

  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" shadow="md" trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label="Emoji"
          onClick={() => {
            setOpened((open) => !open);
            setPresses((count) => count + 1);
          }}
        >
          <IconMoodSmile size={22} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      {/* Around the dropdown, which leaves the page as the popover closes: the boundary stays,
          and a press after a failure is what tries the chunk again. */}
      <QuietBoundary retryKey={presses} fallback={<NoEmojis />}>
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
      </QuietBoundary>
    </Popover>
  );
}

/**
 * The popover while its grid could not be loaded: says so, rather than opening empty (its focus
 * trap focuses the popover, so a screen reader reads this out).
 */
function NoEmojis() {
  return (
    <Popover.Dropdown p="xs" maw={240}>
      <Text size="sm">The emojis could not be loaded. Open this again to retry.</Text>
    </Popover.Dropdown>
  );
}
