import { cutText } from '../../../../contract/cut-text';
import { filesLabel } from '../../../../contract/files';
import {
  REPLY_EXCERPT_MAX,
  type ChatMessage,
  type MessageUpdatedEvent,
  type Reaction,
} from '../../../../contract/realtime';
import { htmlToText } from './sanitize-html';

/**
 * What a change heard live (a reaction, an edit, a deletion) does to the list shown. Each
 * returns a new list with new objects for the messages it touched, or the same list when it
 * touched none (the message is not shown, say), so the snapshot keeps its identity.
 */
type Change = (message: ChatMessage) => ChatMessage;

function changeWhere(
  messages: readonly ChatMessage[],
  matches: (message: ChatMessage) => boolean,
  change: Change,
): readonly ChatMessage[] {
  let changed = false;
  const next = messages.map((message) => {
    if (!matches(message)) return message;
    changed = true;
    return change(message);
  });
  return changed ? next : messages;
}

/** A message's reactions now; an empty list means none are left. */
export function applyReactions(
  messages: readonly ChatMessage[],
  id: number,
  reactions: readonly Reaction[],
): readonly ChatMessage[] {
  return changeWhere(
    messages,
    (message) => message.id === id && !message.deleted,
    (message) => ({ ...message, reactions: reactions.length > 0 ? [...reactions] : undefined }),
  );
}

/**
 * An edit: the new text and mentions, and the quotes of the replies to it follow. Emptied (its
 * caption taken away), a message of files is quoted by the files' label, as the room quotes it;
 * one not listed keeps the quote it had.
 */
export function applyEdit(
  messages: readonly ChatMessage[],
  { id, text, editedAt, mentions }: MessageUpdatedEvent,
): readonly ChatMessage[] {
  const files = messages.find((message) => message.id === id)?.files ?? [];
  const excerpt = replyExcerpt(text) || filesLabel(files);
  return changeWhere(
    messages,
    (message) =>
      (message.id === id && !message.deleted) ||
      (message.replyTo?.id === id && !('deleted' in message.replyTo)),
    (message) =>
      message.id === id
        ? { ...message, text, editedAt, mentions }
        : { ...message, replyTo: { ...message.replyTo!, excerpt: excerpt || quoted(message) } },
  );
}

/** A deletion: the message becomes a placeholder, and the replies to it say so. */
export function applyDeletion(
  messages: readonly ChatMessage[],
  id: number,
): readonly ChatMessage[] {
  return changeWhere(
    messages,
    (message) =>
      (message.id === id && !message.deleted) ||
      (message.replyTo?.id === id && !('deleted' in message.replyTo)),
    (message) =>
      message.id === id
        ? {
            ...message,
            text: '',
            deleted: true,
            reactions: undefined,
            mentions: undefined,
            files: undefined,
          }
        : { ...message, replyTo: { id, deleted: true } },
  );
}

const quoted = (reply: ChatMessage) =>
  reply.replyTo && 'excerpt' in reply.replyTo ? reply.replyTo.excerpt : '';

/**
 * A reply's quote of `html`, as the room makes it: the text without markup (blocks and line
 * breaks part words, white space runs are one space), cut at REPLY_EXCERPT_MAX plus '…'.
 */
export function replyExcerpt(html: string): string {
  const spaced = html.replace(/<br\s*\/?>|<\/(p|li|pre|ul|ol)>/gi, (tag) => `${tag} `);
  return cutText(htmlToText(spaced).replace(/\s+/g, ' ').trim(), REPLY_EXCERPT_MAX);
}
