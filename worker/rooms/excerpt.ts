import type { LastMessageExcerpt } from '../../contract/rooms';
import { textOfHtml } from '../lib/html-text';

const EXCERPT_LENGTH = 100;

/**
 * The room card's excerpt: the stored HTML (Markdown already rendered), and its text without
 * markup cut at 100 characters.
 */
export function toExcerpt(html: string): LastMessageExcerpt {
  const text = textOfHtml(html);
  const plainText = text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}...` : text;
  return { fullText: html, plainText };
}
