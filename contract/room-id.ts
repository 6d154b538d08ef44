/**
 * The shape of a room id (long, random, URL-safe), written without zod: the SPA's first chunk
 * checks it (the chat link a sign-in leads back to, client/lib/pending-chat-link.ts) and stays
 * small. `roomIdSchema` (contract/rooms.ts) checks the same.
 */
export const ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
