/**
 * Turns what a person typed into the only HTML the room ever stores and sends. Markdown's
 * everyday subset (bold, italics, strikethrough, inline code, fenced code blocks, links, lists,
 * line breaks) becomes markup; everything else is text: raw HTML stays escaped, only http(s)
 * links are made, and every link opens in a new tab without the page or the referrer.
 * Nothing the client sends is echoed raw.
 */
import { linkifyit } from 'linkify-it';
import MarkdownIt from 'markdown-it';
import { stripInvisibleInText } from '../../../contract/invisible-characters';
import { textOfHtml } from '../../lib/html-text';
import { namesAnotherAddress, withoutUserinfo } from './honest-links';

const linkify = linkifyit({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

const LINK_ATTRS = 'target="_blank" rel="noopener noreferrer nofollow"';

/** Text without Markdown: escaped, http(s) links made links, line breaks kept. */
function renderPlain(text: string): string {
  let html = '';
  let cursor = 0;
  for (const match of linkify.match(text) ?? []) {
    if (!/^https?:$/i.test(match.schema)) continue;
    html += escapeHtml(text.slice(cursor, match.index));
    // linkify-it ends a link before an '@' today; should it ever take userinfo in, the link
    // still opens and shows only the host the browser would go to.
    const href = withoutUserinfo(match.url);
    const words = href === match.url ? match.text : href;
    html += `<a href="${escapeHtml(href)}" ${LINK_ATTRS}>${escapeHtml(words)}</a>`;
    cursor = match.lastIndex;
  }
  html += escapeHtml(text.slice(cursor));
  return html.replace(/\r?\n/g, '<br>');
}

// One parser for the life of the worker: building one compiles its rules.
const markdown = new MarkdownIt('default', {
  html: false,
  linkify: true,
  breaks: true,
  typographer: false,
  maxNesting: 20,
});
markdown.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
markdown.disable([
  // Not the everyday subset: a '#' or a '>' at the start of a chat line is rarely a heading or
  // a quote, four spaces of indent rarely code, and an image would load from anywhere.
  'heading',
  'lheading',
  'blockquote',
  'hr',
  'table',
  'code',
  'image',
  'reference',
  // '&copy;' stays as typed, as it does in a message without Markdown.
  'entity',
]);
// Only web links: `javascript:`, `data:`, relative and mail links stay text.
markdown.validateLink = (url) => /^https?:\/\//i.test(url.trim());
// A written-out address shows as typed, as it does in a message without Markdown. markdown-it's
// own form decodes percent escapes and punycode, and so spells characters that messages never
// carry ('%E2%80%AE', a right-to-left override, would turn the rest of the line around).
markdown.normalizeLinkText = (url) => url;

/**
 * A link may not pass for another address: '[https://bank.com](https://evil.example)' would
 * show one site and open another. A link whose words or title name another address shows where
 * it goes instead (its words become its address, its title goes). Words that name no address
 * ('[the docs](https://…)') are kept. The rule itself is in honest-links.ts.
 */
markdown.core.ruler.push('honest_links', (state) => {
  for (const block of state.tokens) {
    const children = block.type === 'inline' ? block.children : null;
    if (!children) continue;
    for (let open = 0; open < children.length; open++) {
      const link = children[open]!;
      if (link.type !== 'link_open') continue;
      let close = open + 1;
      while (close < children.length && children[close]!.type !== 'link_close') close++;
      const written = String(link.attrGet('href') ?? '');
      const href = withoutUserinfo(written);
      link.attrSet('href', href);
      const title = link.attrGet('title');
      if (title !== null) {
        // A title's entities are decoded ('&#x202E;'): what a message may not carry goes.
        const shown = stripInvisibleInText(String(title));
        if (namesAnotherAddress(shown, href)) {
          link.attrs = (link.attrs ?? []).filter(([name]) => name !== 'title');
        } else link.attrSet('title', shown);
      }
      const words = children
        .slice(open + 1, close)
        .map((token) =>
          token.type === 'text' || token.type === 'code_inline' ? token.content : '',
        )
        .join('');
      // Userinfo was there only to pass for another site: its link shows the real one.
      if (href === written && !namesAnotherAddress(words, href)) continue;
      const address = new state.Token('text', '', 0);
      // The address as the browser will open it: a host in another script stays punycode
      // rather than being decoded into a lookalike of the site the words named.
      address.content = href;
      children.splice(open + 1, close - open - 1, address);
    }
  }
});

markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer nofollow');
  const open = self.renderToken(tokens, index, options);
  // `[](https://…)` would be a link with nothing to see or click: it shows its address.
  const empty = tokens[index + 1]?.type === 'link_close';
  return empty ? open + escapeHtml(String(token.attrGet('href') ?? '')) : open;
};

/**
 * Characters that can start Markdown of the subset: emphasis, code, strikethrough, links,
 * escapes, and a list marker at the start of a line. Text without them skips the parser.
 */
const MARKDOWN_HINT = /[*_`~[\\]|^[ \t]*(?:[-+]|\d{1,9}[.)])[ \t]/m;

export function renderMessage(text: string): string {
  if (!MARKDOWN_HINT.test(text)) return renderPlain(text);
  const html = markdown.render(text).trim();
  // Markup with nothing to see (a lone `*` is an empty list item) would be a blank message:
  // what was typed is shown as text instead.
  if (!hasVisibleText(html)) return renderPlain(text);
  // A single paragraph is shown as its text, as a message without Markdown is.
  const single = /^<p>([\s\S]*)<\/p>$/.exec(html);
  if (single && !single[1]!.includes('<p>')) return single[1]!.replace(/<br>\n/g, '<br>');
  return html.replace(/<br>\n/g, '<br>');
}

/** Whether rendered HTML shows any text (tags alone, like an empty list item, show none). */
export function hasVisibleText(html: string): boolean {
  return textOfHtml(html.replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')) !== '';
}

// linkify-it's patterns are compiled on their first use, a pause of tens of milliseconds in the
// first message a room sends; pay it when the worker starts instead (for both paths).
renderMessage('https://example.com');
renderMessage('**a** https://example.com');
