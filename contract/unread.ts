/**
 * Unread counts' shared constant, apart from contract/rooms.ts and its zod schemas: the
 * landing page reads it (through the tab's read marks, which a sign-in sorts), and zod would
 * add about 25 KB gzip to that page's one script.
 */

/** The most unread messages a badge names; beyond, it says '99+'. */
export const UNREAD_SHOWN_MAX = 99;
