/** A snippet's pieces: plain text, and the matches the server marked. */
export type SnippetPart = { text: string; match: boolean };

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

const unescape = (html: string) => html.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

/**
 * A search snippet (contract/search.ts: escaped text, matches in `<mark>`) as pieces of plain
 * text, for React to render as text: no HTML of the server's ever reaches the page as markup.
 * Anything else that looks like a tag stays the text it is.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const [index, piece] of snippet.split(/<mark>(.*?)<\/mark>/s).entries()) {
    // split with a group: the odd pieces are what was inside a <mark>.
    if (piece !== '') parts.push({ text: unescape(piece), match: index % 2 === 1 });
  }
  return parts;
}
