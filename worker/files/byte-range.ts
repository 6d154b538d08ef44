/**
 * The Range header of a file request (RFC 9110, section 14): one range of bytes, which R2 reads
 * alone. Several ranges, another unit or a malformed header are ignored, which the RFC allows:
 * the whole file is sent instead.
 */
export interface ByteRange {
  offset: number;
  length: number;
}

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/** The range asked for in a file of `size` bytes; null for the whole file; 'unsatisfiable' (416). */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  const match = header ? SINGLE_RANGE.exec(header.trim()) : null;
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    // bytes=-N: the last N bytes.
    if (last === '') return null;
    const length = Math.min(Number(last), size);
    return length === 0 ? 'unsatisfiable' : { offset: size - length, length };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null;
  return { offset: start, length: end - start + 1 };
}
