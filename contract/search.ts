/**
 * Searching a room's history: `GET /api/rooms/:roomId/search?q=<words>&before=<message id>`,
 * members only. Newest first, SEARCH_PAGE at a time; `nextBefore` asks for the next page.
 * A snippet is plain text, HTML-escaped, with each matched word inside `<mark>…</mark>`.
 */
import { z } from 'zod';

/** Results one answer carries at most. */
export const SEARCH_PAGE = 20;
/** The longest `q`, in characters. */
export const SEARCH_QUERY_MAX = 100;
/** The most words one search looks for (each must be found). */
export const SEARCH_WORDS_MAX = 8;

export const searchMessages = {
  empty: 'Type something to search for',
  tooLong: `Search for at most ${SEARCH_QUERY_MAX} characters`,
  tooManyWords: `Search for at most ${SEARCH_WORDS_MAX} words`,
  badBefore: 'before must be a message id (a positive whole number)',
  tooFast: 'You are searching too fast',
} as const;

/** The words of `q`: split on white space, empty ones dropped. */
export const searchWords = (q: string) => q.split(/\s+/u).filter((word) => word !== '');

export const searchQuerySchema = z.object({
  q: z
    .string({ error: searchMessages.empty })
    .max(SEARCH_QUERY_MAX, searchMessages.tooLong)
    .refine((q) => searchWords(q).length > 0, searchMessages.empty)
    .refine((q) => searchWords(q).length <= SEARCH_WORDS_MAX, searchMessages.tooManyWords),
  before: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, searchMessages.badBefore)
    .transform(Number)
    .optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  /** The message's id: `loadHistory { around: id }` loads the page it is on. */
  id: z.number(),
  /** Its author's nickname in the room, as the message carries it. */
  user: z.string(),
  /** Milliseconds since the epoch, as a message's `createdAt`. */
  createdAt: z.number(),
  /** Escaped plain text; the matches are in `<mark>` (the only markup in it). */
  snippet: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  /** Present when older matches exist: pass it as `before` for the next page. */
  nextBefore: z.number().optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
