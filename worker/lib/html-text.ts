const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/**
 * The text of the HTML the server renders (render-message.ts, render-fancy.ts) without its
 * markup: line breaks and the ends of blocks part words, the escapes the renderers write are
 * read back, and runs of white space are one space.
 */
export function textOfHtml(html: string): string {
  return (
    html
      // Line breaks and the ends of blocks (paragraphs, list items, code) part words.
      .replace(/<br\s*\/?>|<\/(p|li|pre|ul|ol)>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
