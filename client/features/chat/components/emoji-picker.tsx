import { EMOJIS } from '../utils/emojis';
import { EmojiGrid } from './emoji-grid';

// The list lives in utils/emojis.ts, shared with the reaction picker.
export { EMOJIS };

/** Spec point 9: the emoji popover's grid, 5 columns; a click hands the emoji to the form. */
export default function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  return <EmojiGrid emojis={EMOJIS} cols={5} onPick={onPick} />;
}
