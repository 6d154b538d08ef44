import { describe, expect, it } from 'vitest';
import { cutText } from '../../contract/cut-text';

describe('cutText', () => {
  it('keeps text at or under the limit as it is', () => {
    expect(cutText('hello', 5)).toBe('hello');
    expect(cutText('', 5)).toBe('');
    // Five code points in ten code units: still within five characters.
    expect(cutText('😀😀😀😀😀', 5)).toBe('😀😀😀😀😀');
  });

  it('cuts at the limit in characters and says so', () => {
    expect(cutText('abcdefgh', 5)).toBe('abcde…');
    expect(cutText('😀'.repeat(8), 5)).toBe('😀😀😀😀😀…');
  });

  it('never halves an emoji or shows the first part of a joined one', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    expect(cutText(`abc${family}`, 5)).toBe('abc…');
    expect(cutText(`abc${family}d`, 8)).toBe(`abc${family}…`);
    expect(cutText(`ab\u{1F1EB}\u{1F1F7}cd`, 3)).toBe('ab…');
    // A letter with a combining accent stays whole.
    expect(cutText('abe\u0301cd', 3)).toBe('ab…');
  });
});
