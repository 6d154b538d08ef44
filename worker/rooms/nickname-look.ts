/**
 * A nickname as it reads on screen. Two members of a room may not share one, so 'AIice' (with
 * a capital i) cannot sit beside 'Alice' and speak as her, nor 'rnallory' beside 'mallory':
 * case goes, and each character (or pair) that nicknames allow and that passes for another is
 * read as that one. Only these few: the rule must not refuse names that merely share letters.
 * Migration 0006 computes the same with SQLite's replace(), in the same order, for the members
 * who joined before it.
 */
const STEPS: [string, string][] = [
  ['1', 'l'],
  ['0', 'o'],
  ['rn', 'm'],
  ['vv', 'w'],
];

/** Holds a capital L apart while the rest is lowered (no nickname has this character). */
const CAPITAL_L = '\u0001';

export function nicknameLook(nickname: string): string {
  // A capital I reads as a small L (a small i has its dot); a capital L reads as itself, so
  // 'Lan' is not 'Ian'. Case alone is the other index's (nickname_key).
  let look = nickname
    .replaceAll('L', CAPITAL_L)
    .replaceAll('I', 'l')
    .toLowerCase()
    .replaceAll(CAPITAL_L, 'L');
  for (const [from, to] of STEPS) look = look.replaceAll(from, to);
  return look;
}
