/** The typing line's words for who is typing now (empty: nobody). */
export function typingText(nicknames: readonly string[]): string {
  const [first, second] = nicknames;
  if (!first) return '';
  if (!second) return `${first} is typing…`;
  if (nicknames.length === 2) return `${first} and ${second} are typing…`;
  return 'Several people are typing…';
}
