import { createMiddleware } from 'hono/factory';
import { ApiError } from './api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sec-Fetch-Site values of a request another site's page made (a sibling subdomain is one). */
const FOREIGN_SITES = new Set(['cross-site', 'same-site']);

/**
 * Refuses state-changing requests sent by another site's page. Browsers attach `Origin` to
 * every cross-origin fetch and form post, so a foreign or 'null' Origin is refused; a request
 * without one is not a browser acting for someone else (the session cookie is also SameSite=Lax).
 * It runs before the body limit, so a foreign page's oversized post is just a 403.
 */
export const sameOrigin = createMiddleware(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && !isSameOrigin(c.req.raw)) {
    throw new ApiError(403, 'Cross-origin request refused');
  }
  await next();
});

export function isSameOrigin(request: Request): boolean {
  if (FOREIGN_SITES.has(request.headers.get('Sec-Fetch-Site') ?? '')) return false;
  const origin = request.headers.get('Origin');
  return origin === null || origin === new URL(request.url).origin;
}

/**
 * Whether another site's page may have made this request: it says so (Sec-Fetch-Site, Origin)
 * or its Referer names another origin. Such a request proves nothing about the address it came
 * from (an image tag on any page makes one from each visitor), so it never raises a score.
 */
export function mayBeForeign(request: Request): boolean {
  if (!isSameOrigin(request)) return true;
  const referer = request.headers.get('Referer');
  if (!referer) return false;
  try {
    return new URL(referer).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}
