import { Divider, Stack } from '@mantine/core';
import { EMOJIS, QUICK_REACTIONS } from '../utils/emojis';
import { EmojiGrid } from './emoji-grid';

/**
 * The emoji a message can be given: the six everyday ones first, then the message form's 27
 * (the same list). Each is a named button; choosing one hands it over, and whoever opened the
 * picker closes it. The quick row and the grid are groups, since some emoji are in both.
 */
export function ReactionPicker({ onReact }: { onReact: (emoji: string) => void }) {
  return (
    <Stack gap={6}>
      <EmojiGrid label="Quick reactions" emojis={QUICK_REACTIONS} cols={6} onPick={onReact} />
      <Divider />
      <EmojiGrid label="All emoji" emojis={EMOJIS} cols={5} onPick={onReact} />
    </Stack>
  );
}
