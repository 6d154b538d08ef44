import DOMPurify from 'dompurify';

// The server already escapes and renders (Markdown's everyday subset, an administrator's fancy
// broadcast); this is the second lock on the door: only the tags and attributes those produce
// pass. Every link opens in a new tab, with a rel that hides this page and its address from it.
const ALLOWED_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'del',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'p',
  'br',
  'span',
];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'title', 'class', 'start'];

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR });
}

/** The words of an HTML message, e.g. for the error dialog. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html');
  return (doc.body.textContent ?? '').trim();
}
