import { filesLabel } from '../../../contract/files';
import { cutText } from '../../../contract/cut-text';
import { REPLY_EXCERPT_MAX, type ChatMessage, type ReplyRef } from '../../../contract/realtime';
import { textOfHtml } from '../../lib/html-text';

/** What a reply quotes of `original`: its author and plain text, cut at REPLY_EXCERPT_MAX. */
export function replyRefOf(original: ChatMessage): ReplyRef {
  const id = original.id as number;
  if (original.deleted) return { id, deleted: true };
  return { id, user: original.user, excerpt: excerptOf(original) };
}

/** A message's plain text (or what files it carries), cut at REPLY_EXCERPT_MAX: replies, pins. */
export function excerptOf(message: Pick<ChatMessage, 'text' | 'files'>): string {
  const text = textOfHtml(message.text) || filesLabel(message.files ?? []);
  return cutText(text, REPLY_EXCERPT_MAX);
}
