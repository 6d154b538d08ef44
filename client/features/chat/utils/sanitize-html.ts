import DOMPurify from 'dompurify';

// The server already escapes and sanitizes; this is the second lock on the door. Links the
// server opens in a new tab keep `target`, and always get a rel that hides this page from them.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('target')) {
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
}

/** The words of an HTML message, e.g. for the error dialog. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html');
  return (doc.body.textContent ?? '').trim();
}
