/**
 * The admin lists' cursors: the (created_at, id) of the last row shown, as opaque base64url
 * text. Paging by position (keyset) rather than OFFSET reads only the rows of the page, where
 * an offset would read, and D1 would bill, every row before it.
 */
import { ApiError } from '../http/api-error';

export interface Position {
  createdAt: number;
  id: string;
}

export function encodeCursor({ createdAt, id }: Position): string {
  const bytes = new TextEncoder().encode(JSON.stringify([createdAt, id]));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The position in a cursor; a 400 for anything this server did not make. */
export function decodeCursor(cursor: string): Position {
  try {
    const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    const text = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    const value: unknown = JSON.parse(text);
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
