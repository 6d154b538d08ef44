import { filesLabel } from '../../../contract/files';
import { REPLY_EXCERPT_MAX, type ChatMessage, type ReplyRef } from '../../../contract/realtime';
import { textOfHtml } from '../../lib/html-text';

/** What a reply quotes of `original`: its author and plain text, cut at REPLY_EXCERPT_MAX. */
export function replyRefOf(original: ChatMessage): ReplyRef {
  const id = original.id as number;
  if (original.deleted) return { id, deleted: true };
  // By code point, so an emoji is never cut in half.
  const text = textOfHtml(original.text) || filesLabel(original.files ?? []);
  const characters = Array.from(text);
  const excerpt =
    characters.length > REPLY_EXCERPT_MAX
      ? `${characters.slice(0, REPLY_EXCERPT_MAX).join('')}…`
      : characters.join('');
  return { id, user: original.user, excerpt };
}
