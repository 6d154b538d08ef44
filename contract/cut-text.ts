/**
 * `text` cut to at most `max` characters with `ellipsis` ('…' unless given) after it when
 * anything was cut. Characters are code points, so the limit means what it says for any
 * script, and the cut falls between graphemes: an emoji is never halved, and a family (👨‍👩‍👧)
 * or a flag is kept whole or left out, never shown as its first part. The room's reply
 * excerpts, the pushes' and the open app's notification bodies, the composer's quotes and the
 * room list's excerpts all cut here, so they agree.
 */
export function cutText(text: string, max: number, ellipsis = '…'): string {
  // Code units are at least code points: nothing to count.
  if (text.length <= max) return text;
  let kept = '';
  let count = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = codePoints(segment);
    if (count + size > max) return `${kept}${ellipsis}`;
    kept += segment;
    count += size;
  }
  return kept;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

function codePoints(segment: string): number {
  let count = 0;
  for (const _ of segment) count += 1;
  return count;
}
