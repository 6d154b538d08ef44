/**
 * The query parameter of a link to one message: /chat/<roomId>?message=<id>. Shared, not the
 * chat's own: the sign-in a link opened signed out leads back to reads it too (pending-chat-link.ts).
 */
export const MESSAGE_PARAM = 'message';

/** The address that opens the room at one of its messages (for a member of the room). */
export function messageLink(roomId: string, messageId: number): string {
  const url = new URL(`/chat/${encodeURIComponent(roomId)}`, window.location.origin);
  url.searchParams.set(MESSAGE_PARAM, String(messageId));
  return url.href;
}

/**
 * The message an address points at: a positive integer as the room stores ids, written plainly
 * (no sign, no leading zero, no exponent), else null, so a mangled link is simply ignored.
 */
export function linkedMessageId(search: URLSearchParams): number | null {
  const value = search.get(MESSAGE_PARAM);
  if (value === null || !/^[1-9]\d*$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
