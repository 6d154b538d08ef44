/**
 * The cursors of the paged lists (the admin tables, a room's members and bans): the
 * (created_at, id) of the last row shown, as opaque base64url text. Paging by position (keyset)
 * rather than OFFSET reads only the rows of the page, where an offset would read, and D1 would
 * bill, every row before it. A cursor also names what it pages (the list and its search, as a
 * short digest): one taken to another list or another search would silently skip that list's
 * rows before its position, so it is refused instead.
 */
import { ApiError } from '../http/api-error';
import { fromBase64Url, toBase64Url } from '../lib/encoding';

export interface Position {
  createdAt: number;
  id: string;
}

/** FNV-1a: a mix-up check on the caller's own cursors, not a secret. */
function digest(scope: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < scope.length; i++) {
    hash = Math.imul(hash ^ scope.charCodeAt(i), 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** `scope` names the list and its search (see adminLists, member-lists.ts, room-bans.ts). */
export function encodeCursor({ createdAt, id }: Position, scope: string): string {
  const value = [createdAt, id, digest(scope)];
  return toBase64Url(new TextEncoder().encode(JSON.stringify(value)));
}

/** The position in a cursor made for `scope`; a 400 for anything else. */
export function decodeCursor(cursor: string, scope: string): Position {
  try {
    const bytes = fromBase64Url(cursor);
    const value: unknown = bytes && JSON.parse(new TextDecoder().decode(bytes));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === 'string' &&
      value[1].length <= 64 &&
      value[2] === digest(scope)
    ) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new ApiError(400, 'Invalid cursor');
}
