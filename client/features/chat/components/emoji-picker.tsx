import { SimpleGrid, UnstyledButton } from '@mantine/core';
import { EMOJIS } from '../utils/emojis';

// The list lives in utils/emojis.ts, shared with the reaction picker.
export { EMOJIS };

/** Spec point 9: the emoji popover's grid, 5 columns; a click hands the emoji to the form. */
export default function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <SimpleGrid cols={5} spacing={4} verticalSpacing={4}>
      {EMOJIS.map(([emoji, name]) => (
        <UnstyledButton
          key={emoji}
          type="button"
          aria-label={name}
          title={name}
          onClick={() => onPick(emoji)}
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
