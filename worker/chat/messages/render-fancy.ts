/**
 * An administrator's 'System Fancy' broadcast may carry light formatting. It is filtered against
 * an allowlist: bold, italic, links (http(s) only, opened safely), lists, paragraphs, line
 * breaks and code. Every other tag is stripped
 * (script and style with their content), and every attribute but href goes.
 */
import xss, { type IFilterXSSOptions } from 'xss';

// Broadcasts are rare, so the package's plain function (its CommonJS default) is enough.
const FANCY_OPTIONS: IFilterXSSOptions = {
  whiteList: {
    b: [],
    strong: [],
    i: [],
    em: [],
    u: [],
    a: ['href'],
    ul: [],
    ol: [],
    li: [],
    p: [],
    br: [],
    code: [],
    pre: [],
  },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style'],
  onTagAttr(tag, name, value) {
    // Only web links; returning undefined lets the library's own attribute escaping run.
    if (tag === 'a' && name === 'href' && !/^https?:\/\//i.test(value.trim())) return '';
    return undefined;
  },
};

export function renderFancy(html: string): string {
  const filtered = xss(html.replace(/\r?\n/g, '<br>'), FANCY_OPTIONS);
  // Links open in a new tab without handing over the page or the referrer.
  return filtered.replace(
    /<a( href="[^"]*")?>/g,
    '<a$1 target="_blank" rel="noopener noreferrer nofollow">',
  );
}
