import { SimpleGrid, UnstyledButton } from '@mantine/core';

export type NamedEmojis = readonly (readonly [emoji: string, name: string])[];

interface EmojiGridProps {
  emojis: NamedEmojis;
  cols: number;
  onPick: (emoji: string) => void;
  /** Names the grid as a group (the reaction picker has two, and some emoji are in both). */
  label?: string;
}

/** A grid of emoji, each a button named after it; a click hands the emoji over. */
export function EmojiGrid({ emojis, cols, onPick, label }: EmojiGridProps) {
  return (
    <SimpleGrid
      role={label ? 'group' : undefined}
      aria-label={label}
      cols={cols}
      spacing={4}
      verticalSpacing={4}
    >
      {emojis.map(([emoji, name]) => (
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
