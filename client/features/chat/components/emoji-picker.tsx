import { EMOJIS } from '../utils/emojis';
import { EmojiGrid } from './emoji-grid';

// The list lives in utils/emojis.ts, shared with the reaction picker.
export { EMOJIS };

/**
 * This grid is loaded on the popover's first opening, after the popover's focus trap has looked
 * for a button, found none and focused the popover itself, where the arrows and Enter did
 * nothing. Once the grid is there, the first emoji takes that focus, as on later openings. Focus
 * anywhere else (the person moved on) is left alone.
 */
function takeFocusFromPopover(grid: HTMLDivElement | null) {
  const focused = document.activeElement;
  if (!grid || !focused || focused === grid || !focused.contains(grid)) return;
  grid.querySelector('button')?.focus();
}

/** Spec point 9: the emoji popover's grid, 5 columns; a click hands the emoji to the form. */
export default function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  return <EmojiGrid ref={takeFocusFromPopover} emojis={EMOJIS} cols={5} onPick={onPick} />;
}
