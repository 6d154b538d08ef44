import { cutText } from '../../contract/cut-text';
import type { LastMessageExcerpt } from '../../contract/rooms';
import { textOfHtml } from '../lib/html-text';

const EXCERPT_LENGTH = 100;

/**
 * The room card's excerpt: the stored HTML (Markdown already rendered), and its text without
 * markup cut at 100 characters, then '...' (the spec's point 3). Characters are code points and
 * the cut falls between graphemes (cutText): a cut by code units halved an emoji at the 100th,
 * and the list showed its lone first half as '\uFFFD'.
 */
export function toExcerpt(html: string): LastMessageExcerpt {
  const text = textOfHtml(html);
  return { fullText: html, plainText: cutText(text, EXCERPT_LENGTH, '...') };
}
