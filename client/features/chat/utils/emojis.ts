/**
 * Spec point 9's 27 emojis, each with a name for the people who hear the page: the message
 * form's picker and the reaction picker offer the same ones.
 */
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

/** The reactions offered first, one tap away, before the full list. */
export const QUICK_REACTIONS: readonly (readonly [emoji: string, name: string])[] = [
  ['👍', 'thumbs up'],
  ['❤️', 'red heart'],
  ['😂', 'face with tears of joy'],
  ['😮', 'face with open mouth'],
  ['😢', 'crying face'],
  ['🎉', 'party popper'],
];
