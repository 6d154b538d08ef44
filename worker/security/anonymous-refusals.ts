/**
 * Refusals of callers with no live session: no admin route without one, a junk cookie, a
 * socket upgrade without one, a broken or oversized body, a limit hit. Each costs the caller
 * one cheap request, so they are counted per address, kind and hour instead of a row each,
 * and they score the address, so a flood gets it watchlisted and then blocked.
 *
 * A score blocks everyone behind the address, so a refusal scores only when the address itself
 * must have sent it (guards.ts keeps out what another site's page may have made, mayBeForeign):
 *
 * - a malformed or oversized body: a foreign page's post is refused before its body is read,
 *   and our own client never sends one;
 * - a forged cookie: our pages never hold one, and the __Host- prefix keeps other sites from
 *   planting one (a revoked or expired session's cookie scores nothing: require-user.ts);
 * - a socket upgrade: a browser's always carries its page's Origin;
 * - a denied admin route: only when the request is not a page or a subresource either, since an
 *   image tag in a browser too old to say where it came from looks like a script otherwise.
 *
 * Each scores 1, half or less of what a signed-in caller's refusal does: a person who just lost
 * their session meets a few of these, a flood meets the 25 of a block within a second.
 */
import type { SecurityEventType } from './security-events';

const ANONYMOUS_WEIGHTS: Partial<Record<SecurityEventType, number>> = {
  access_denied: 1,
  invalid_session: 1,
  socket_refused: 1,
  malformed_payload: 1,
};

/** The kinds counted on one row per address and hour when the caller has no session. */
const COUNTED = new Set<SecurityEventType>([
  'access_denied',
  'invalid_session',
  'socket_refused',
  'malformed_payload',
  'rate_limited',
]);

export function isCountedWhenAnonymous(eventType: SecurityEventType) {
  return COUNTED.has(eventType);
}

/** What an anonymous refusal that is not foreign adds to the score. */
export function anonymousWeight(eventType: SecurityEventType, request: Request): number {
  const weight = ANONYMOUS_WEIGHTS[eventType] ?? 0;
  return weight && !isPageOrSubresource(request) ? weight : 0;
}

/** Fetch destinations a script's call (or a socket) has; anything else is a page or a resource. */
const SCRIPT_DESTINATIONS = new Set(['', 'empty', 'websocket']);

/**
 * Whether a browser loaded this as a page, an image, a style sheet or a frame: what another
 * site can make a visitor's browser ask for without saying so (old browsers send no
 * Sec-Fetch-Site, and a page can withhold its Referer). Our client's calls ask for JSON.
 */
export function isPageOrSubresource(request: Request): boolean {
  if (!SCRIPT_DESTINATIONS.has(request.headers.get('Sec-Fetch-Dest') ?? '')) return true;
  return /image\/|text\/html|text\/css|video\/|audio\//i.test(request.headers.get('Accept') ?? '');
}
