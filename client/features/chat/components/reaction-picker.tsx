import { Divider, SimpleGrid, Stack, UnstyledButton } from '@mantine/core';
import { EMOJIS, QUICK_REACTIONS } from '../utils/emojis';

type Named = readonly (readonly [emoji: string, name: string])[];

/**
 * The emoji a message can be given: the six everyday ones first, then the message form's 27
 * (the same list). Each is a named button; choosing one hands it over, and whoever opened the
 * picker closes it. The quick row and the grid are groups, since some emoji are in both.
 */
export function ReactionPicker({ onReact }: { onReact: (emoji: string) => void }) {
  return (
    <Stack gap={6}>
      <EmojiButtons label="Quick reactions" emojis={QUICK_REACTIONS} cols={6} onReact={onReact} />
      <Divider />
      <EmojiButtons label="All emoji" emojis={EMOJIS} cols={5} onReact={onReact} />
    </Stack>
  );
}

interface EmojiButtonsProps {
  label: string;
  emojis: Named;
  cols: number;
  onReact: (emoji: string) => void;
}

function EmojiButtons({ label, emojis, cols, onReact }: EmojiButtonsProps) {
  return (
    <SimpleGrid role="group" aria-label={label} cols={cols} spacing={4} verticalSpacing={4}>
      {emojis.map(([emoji, name]) => (
        <UnstyledButton
          key={emoji}
          type="button"
          aria-label={name}
          title={name}
          onClick={() => onReact(emoji)}
          fz={22}
          p={4}
          ta="center"
          style={{ borderRadius: 'var(--mantine-radius-sm)', lineHeight: 1.2 }}
        >
          {emoji}
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
