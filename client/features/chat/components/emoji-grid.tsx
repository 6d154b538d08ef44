import { SimpleGrid, UnstyledButton } from '@mantine/core';
import type { KeyboardEvent, Ref } from 'react';

export type NamedEmojis = readonly (readonly [emoji: string, name: string])[];

interface EmojiGridProps {
  emojis: NamedEmojis;
  cols: number;
  onPick: (emoji: string) => void;
  /** Names the grid as a group (the reaction picker has two, and some emoji are in both). */
  label?: string;
  ref?: Ref<HTMLDivElement>;
}

/**
 * A grid of emoji, each a button named after it; a click hands the emoji over. Tab walks the
 * buttons as ever; the arrow keys move through the grid as it is laid out (Up and Down by a
 * row), and Home and End go to its first and last, as a keyboard user expects of a grid.
 */
export function EmojiGrid({ emojis, cols, onPick, label, ref }: EmojiGridProps) {
  return (
    <SimpleGrid
      ref={ref}
      role={label ? 'group' : undefined}
      aria-label={label}
      cols={cols}
      spacing={4}
      verticalSpacing={4}
      onKeyDown={(event) => moveFocusInGrid(event, cols)}
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

/** How far each key moves the focus, in buttons; Home and End are handled apart. */
function stepOf(key: string, cols: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return 1;
    case 'ArrowLeft':
      return -1;
    case 'ArrowDown':
      return cols;
    case 'ArrowUp':
      return -cols;
    default:
      return null;
  }
}

function moveFocusInGrid(event: KeyboardEvent<HTMLDivElement>, cols: number) {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>(':scope > button')];
  const at = buttons.indexOf(event.target as HTMLButtonElement);
  if (at === -1) return;
  const step = stepOf(event.key, cols);
  let next: number;
  if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = buttons.length - 1;
  else if (step === null) return;
  // At an edge the focus stays where it is, rather than wrapping to the far side.
  else next = at + step < 0 || at + step >= buttons.length ? at : at + step;
  event.preventDefault();
  buttons[next]?.focus();
}
