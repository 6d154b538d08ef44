import { filesLabel } from '../../../contract/files';
import { cutText } from '../../../contract/cut-text';
import { REPLY_EXCERPT_MAX, type ChatMessage, type ReplyRef } from '../../../contract/realtime';
import { textOfHtml } from '../../lib/html-text';

/** What a reply quotes of `original`: its author and plain text, cut at REPLY_EXCERPT_MAX. */
export function replyRefOf(original: ChatMessage): ReplyRef {
  const id = original.id as number;
  if (original.deleted) return { id, deleted: true };
  const text = textOfHtml(original.text) || filesLabel(original.files ?? []);
  return { id, user: original.user, excerpt: cutText(text, REPLY_EXCERPT_MAX) };
}
