/** IPv6 text to groups and back, for the address keys of client-ip.ts. */
/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
export function parseIpv6(address: string): number[] | null {
  const withoutZone = address.replace(/%.*$/, '');
  const halves = withoutZone.split('::');
  if (halves.length > 2) return null;
  const parts = halves.map((half) => (half === '' ? [] : half.split(':')));
  const groups: number[][] = [];
  for (const part of parts) {
    const parsed: number[] = [];
    for (const [index, piece] of part.entries()) {
      // A trailing dotted quad (::ffff:1.2.3.4) stands for the last two groups.
      if (piece.includes('.') && index === part.length - 1) {
        const quad = piece.split('.').map(Number);
        if (quad.length !== 4 || quad.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) {
          return null;
        }
        parsed.push((quad[0]! << 8) | quad[1]!, (quad[2]! << 8) | quad[3]!);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
        parsed.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    groups.push(parsed);
  }
  const [head = [], tail = []] = groups;
  if (groups.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

/** RFC 5952 text: lowercase, no leading zeros, the longest run of zero groups as `::`. */
export function formatIpv6(groups: number[]): string {
  let best = { start: -1, length: 0 };
  for (let start = 0; start < groups.length;) {
    if (groups[start] !== 0) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < groups.length && groups[end] === 0) end += 1;
    if (end - start > best.length) best = { start, length: end - start };
    start = end;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.length < 2) return hex.join(':');
  const head = hex.slice(0, best.start).join(':');
  const tail = hex.slice(best.start + best.length).join(':');
  return `${head}::${tail}`;
}
