/**
 * Reactions: one row per message, emoji and person in the room's SQLite (the table is made with
 * the messages, messages-table.ts), and each message's summary kept on its row, so history reads
 * no more than the messages: per emoji, in the order it was first used, how many and the first
 * REACTION_NICKNAMES_MAX reactors.
 */
import {
  REACTION_EMOJI_MAX,
  REACTION_NICKNAMES_MAX,
  type ChatMessage,
  type Reaction,
} from '../../../contract/realtime';
import type { MessageStore } from './message-store';

/**
 * The toggle's outcome: the message's reactions now, that one more emoji is too many, or that
 * this one may only be taken back (notAddable).
 */
export type ToggleOutcome = { reactions: Reaction[] } | { tooMany: true } | { notAddable: true };

/**
 * addable false: the person's own reaction is taken back if they have it, and nothing is added
 * (a reaction stored before the emoji rule was as strict as isOneEmoji).
 */
export function toggleReaction(
  store: MessageStore,
  message: ChatMessage,
  emoji: string,
  userId: string,
  nickname: string,
  addable = true,
): ToggleOutcome {
  const { sql } = store;
  const id = message.id as number;
  const takeBack = (form: string) =>
    sql
      .exec(
        'DELETE FROM reactions WHERE message_id = ? AND emoji = ? AND user_id = ? RETURNING 1',
        id,
        form,
        userId,
      )
      .toArray().length > 0;
  // The form sent first (a reaction stored in another form is taken back by it), then the
  // one form an emoji is stored in.
  const stored = addable ? storedForm(emoji) : emoji;
  const removed = takeBack(emoji) || (stored !== emoji && takeBack(stored));
  if (!removed) {
    if (!addable) return { notAddable: true };
    const known = message.reactions ?? [];
    if (
      !known.some((reaction) => reaction.emoji === stored) &&
      known.length >= REACTION_EMOJI_MAX
    ) {
      return { tooMany: true };
    }
    sql.exec(
      'INSERT INTO reactions (message_id, emoji, user_id, nickname) VALUES (?, ?, ?, ?)',
      id,
      stored,
      userId,
      nickname,
    );
  }
  const reactions = summarize(sql, id);
  store.change(
    id,
    { reactions: reactions.length ? JSON.stringify(reactions) : null },
    { ...message, reactions: reactions.length ? reactions : undefined },
  );
  return { reactions };
}

/** A message's reactions from its rows, in the order each emoji was first used. */
function summarize(sql: SqlStorage, messageId: number): Reaction[] {
  const byEmoji = new Map<string, Reaction>();
  const rows = sql.exec<{ emoji: string; nickname: string }>(
    'SELECT emoji, nickname FROM reactions WHERE message_id = ? ORDER BY rowid',
    messageId,
  );
  for (const { emoji, nickname } of rows) {
    let reaction = byEmoji.get(emoji);
    if (!reaction) byEmoji.set(emoji, (reaction = { emoji, count: 0, nicknames: [] }));
    reaction.count += 1;
    if (reaction.nicknames.length < REACTION_NICKNAMES_MAX) reaction.nicknames.push(nickname);
  }
  return [...byEmoji.values()];
}

/**
 * Whether `text` is one emoji, as people mean it: one grapheme, built as emoji are. A grapheme
 * alone is not enough: it may carry any number of combining marks or start with a prepended
 * sign (a thumbs-up under sixty stacked accents is one), and emoji parts that show nothing (a
 * trailing joiner, a second variation selector) would make another chip that looks the same.
 */
export function isOneEmoji(text: string): boolean {
  if ([...segmenter.segment(text)].length !== 1) return false;
  return KEYCAP.test(text) || FLAG.test(text) || TAG_FLAG.test(text) || JOINED.test(text);
}

/**
 * The one form a reaction is stored in, for an emoji isOneEmoji takes: 👍 and 👍 with U+FE0F,
 * or ❤ and ❤️, show the same and must not make two chips. Each pictograph without a skin tone
 * carries U+FE0F when it is shown as text by default and nothing when it is an emoji anyway
 * (the fully-qualified forms of Unicode's emoji list), a keycap carries U+FE0F, a flag is as
 * it is.
 */
export function storedForm(emoji: string): string {
  if (KEYCAP.test(emoji)) return `${emoji[0]}\uFE0F\u20E3`;
  if (!JOINED.test(emoji)) return emoji;
  return emoji
    .split('\u200D')
    .map((part) => {
      const pictograph = String.fromCodePoint(part.codePointAt(0)!);
      const rest = part.slice(pictograph.length);
      if (EMOJI_MODIFIER.test(rest)) return part;
      return EMOJI_PRESENTATION.test(pictograph) ? pictograph : `${pictograph}\uFE0F`;
    })
    .join('\u200D');
}

const EMOJI_MODIFIER = /^\p{Emoji_Modifier}$/u;
const EMOJI_PRESENTATION = /^\p{Emoji_Presentation}$/u;
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** 1️⃣, #️⃣, *️⃣. */
const KEYCAP = /^[0-9#*]\uFE0F?\u20E3$/u;
/** A country's flag: two regional indicator letters. */
const FLAG = /^\p{Regional_Indicator}{2}$/u;
/** A region's flag: the black flag, tag letters, and the cancel tag (🏴󠁧󠁢󠁳󠁣󠁴󠁿). */
const TAG_FLAG = /^\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}$/u;
/**
 * Pictographs joined by U+200D (👩🏽‍💻, ❤️‍🔥, 🏳️‍🌈), each with at most one skin tone or one
 * presentation selector.
 */
const JOINED =
  /^\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|[\uFE0E\uFE0F])?(?:\u200D\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|[\uFE0E\uFE0F])?)*$/u;
