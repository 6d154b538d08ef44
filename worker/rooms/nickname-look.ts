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

export function nicknameLook(nickname: string): string {
  // A capital I reads as a small L; a small i has its dot.
  let look = nickname.replaceAll('I', 'l').toLowerCase();
  for (const [from, to] of STEPS) look = look.replaceAll(from, to);
  return look;
}
