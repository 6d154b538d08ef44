import type { LastMessageExcerpt } from '../../contract/rooms';

const EXCERPT_LENGTH = 100;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/**
 * The room card's excerpt: the stored HTML (Markdown already rendered), and its text without
 * markup cut at 100 characters.
 */
export function toExcerpt(html: string): LastMessageExcerpt {
  const text = html
    // Line breaks and the ends of blocks (paragraphs, list items, code) part words.
    .replace(/<br\s*\/?>|<\/(p|li|pre|ul|ol)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const plainText = text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}...` : text;
  return { fullText: html, plainText };
}
