import { SimpleGrid, UnstyledButton } from '@mantine/core';

/** Spec point 9: 27 emojis in 5 columns. Each has a name, for the people who hear the page. */
export const EMOJIS: readonly (readonly [emoji: string, name: string])[] = [
  ['😀', 'grinning face'],
  ['😂', 'face with tears of joy'],
  ['😊', 'smiling face'],
  ['😍', 'heart eyes'],
  ['😎', 'cool face'],
  ['😉', 'winking face'],
  ['🤔', 'thinking face'],
  ['😅', 'sweat smile'],
  ['😢', 'crying face'],
  ['😡', 'angry face'],
  ['😴', 'sleeping face'],
  ['🤗', 'hugging face'],
  ['🙄', 'rolling eyes'],
  ['😱', 'screaming face'],
  ['🥳', 'party face'],
  ['👍', 'thumbs up'],
  ['👎', 'thumbs down'],
  ['👏', 'clapping hands'],
  ['🙏', 'folded hands'],
  ['👋', 'waving hand'],
  ['💪', 'flexed biceps'],
  ['❤️', 'red heart'],
  ['🔥', 'fire'],
  ['🎉', 'party popper'],
  ['✨', 'sparkles'],
  ['💯', 'hundred points'],
  ['🐸', 'frog'],
];

/** The grid of the emoji popover; a click hands the emoji to the message form. */
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
