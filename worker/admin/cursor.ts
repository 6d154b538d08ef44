/**
 * The admin lists' cursors: the (created_at, id) of the last row shown, as opaque base64url
 * text. Paging by position (keyset) rather than OFFSET reads only the rows of the page, where
 * an offset would read, and D1 would bill, every row before it.
 */
import { ApiError } from '../http/api-error';
import { fromBase64Url, toBase64Url } from '../lib/encoding';

export interface Position {
  createdAt: number;
  id: string;
}

export function encodeCursor({ createdAt, id }: Position): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify([createdAt, id])));
}

/** The position in a cursor; a 400 for anything this server did not make. */
export function decodeCursor(cursor: string): Position {
  try {
    const bytes = fromBase64Url(cursor);
    const value: unknown = bytes && JSON.parse(new TextDecoder().decode(bytes));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === 'string' &&
      value[1].length <= 64
    ) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new ApiError(400, 'Invalid cursor');
}
