import { cutText } from '../../../../contract/cut-text';
import { filesLabel } from '../../../../contract/files';
import type { ChatMessage } from '../../../../contract/realtime';
import { htmlToText } from '../utils/sanitize-html';

/**
 * The words of a message as its author could type them again: the server renders a line break
 * as `<br>` and ends paragraphs and list items with tags, which htmlToText alone would run
 * together ('one<br>two' is 'onetwo'), so they become new lines first. Markdown's marks are
 * gone (the room keeps only the HTML): an edit starts from the text as shown.
 */
export function plainText(html: string): string {
  const lines = html.replace(/<br\s*\/?>\n?/gi, '\n').replace(/<\/(p|li|pre)>\n?/gi, '</$1>\n');
  return htmlToText(lines).replace(/\n{3,}/g, '\n\n');
}

/**
 * The first words of a message on one line, cut at `max` characters with '…'; a message of
 * files alone by what they are ('Photo', 'File: report.pdf'), as the room quotes it.
 */
export function excerpt(message: ChatMessage, max: number): string {
  const text = plainText(message.text).replace(/\s+/g, ' ').trim();
  const words = text || filesLabel(message.files ?? []);
  const cut = cutText(words, max);
  // No space before the '…'.
  return cut === words ? words : `${cut.slice(0, -1).trimEnd()}…`;
}
