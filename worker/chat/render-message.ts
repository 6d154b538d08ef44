/**
 * Turns what a person typed into the only HTML the room ever stores and sends: every character
 * escaped, http(s) links made into links, line breaks kept. Nothing the client sends is echoed raw.
 */
import { linkifyit } from 'linkify-it';

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

export function renderMessage(text: string): string {
  let html = '';
  let cursor = 0;
  for (const match of linkify.match(text) ?? []) {
    if (!/^https?:$/i.test(match.schema)) continue;
    html += escapeHtml(text.slice(cursor, match.index));
    const href = escapeHtml(match.url);
    html += `<a href="${href}" target="_blank" rel="noopener noreferrer nofollow">${escapeHtml(match.text)}</a>`;
    cursor = match.lastIndex;
  }
  html += escapeHtml(text.slice(cursor));
  return html.replace(/\r?\n/g, '<br>');
}

// linkify-it's patterns are compiled on their first use, a pause of tens of milliseconds in the
// first message a room sends; pay it when the worker starts instead.
renderMessage('https://example.com');
